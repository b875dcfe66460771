import { useState } from 'react';
import { LOAD_MESSAGE_MAX_LENGTH, type StopStampKind } from '@tms/contracts/driver-app';
import type { DriverLoad, DriverStop } from '@tms/contracts';
import { statusLabel } from './app.js';
import { ScanDialog, SignPodDialog, type DocumentAction } from './paperwork.js';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString([], { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : '');
const appointment = (stop: DriverStop) =>
  stop.appointmentStart && stop.appointmentEnd ? `${time(stop.appointmentStart)} – ${time(stop.appointmentEnd)}` : time(stop.appointmentStart ?? stop.appointmentEnd);
/** Opens the phone's maps app at the stop (its address, else its coordinates, else its city). */
const mapsLink = (stop: DriverStop) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(stop.address ?? (stop.latitude !== null && stop.longitude !== null ? `${stop.latitude},${stop.longitude}` : stop.location))}`;
const TYPE_LABELS: Record<string, string> = { pickup: 'Pickup', delivery: 'Delivery' };

/** A load as the driver sees it: its truck, pay when shown, and its stops in order with Arrived and Departed. */
export function LoadView({
  load,
  waitingDocuments,
  waitingMessages,
  onStamp,
  onQueue,
  onMessage,
}: {
  load: DriverLoad;
  /** Documents queued for this load, not sent yet: their labels. */
  waitingDocuments: string[];
  /** Messages written on this load, not sent yet: their text. */
  waitingMessages: string[];
  onStamp: (load: DriverLoad, stopId: string, kind: StopStampKind, label: string) => Promise<void>;
  onQueue: (action: DocumentAction) => Promise<void>;
  onMessage: (load: DriverLoad, text: string) => Promise<void>;
}) {
  const [askPod, setAskPod] = useState<DriverStop>();
  const [scanning, setScanning] = useState(false);
  const [signingAt, setSigningAt] = useState<DriverStop>();
  const last = load.stops[load.stops.length - 1];
  const stamp = (stop: DriverStop, kind: StopStampKind) => onStamp(load, stop.id, kind, `${kind === 'arrived' ? 'Arrived at' : 'Departed from'} stop ${stop.sequence}`);

  return (
    <>
      <section className="card" aria-label="Load">
        <span className="status">{statusLabel(load.status)}</span>
        <p className="muted">
          {load.pickupLocation} → {load.deliveryLocation}
        </p>
        <dl className="stop">
          <dt>Truck</dt>
          <dd>{load.truck?.truckNumber ?? 'None assigned'}</dd>
          {load.commodity && (
            <>
              <dt>Commodity</dt>
              <dd>{load.commodity}</dd>
            </>
          )}
          {load.rate !== undefined && (
            <>
              <dt>Rate</dt>
              <dd>${load.rate}</dd>
            </>
          )}
          {load.pay !== undefined && (
            <>
              <dt>Pay</dt>
              <dd>{load.pay}</dd>
            </>
          )}
          {load.notes && (
            <>
              <dt>Notes</dt>
              <dd>{load.notes}</dd>
            </>
          )}
        </dl>
        <div className="paperwork">
          <button type="button" className="secondary" onClick={() => setScanning(true)}>
            Scan Document
          </button>
          <button type="button" className="secondary" onClick={() => setSigningAt(last)}>
            Sign POD
          </button>
        </div>
        {(load.documents.length > 0 || waitingDocuments.length > 0) && (
          <ul className="documents" aria-label="Paperwork">
            {load.documents.map((document) => (
              <li key={document.id}>
                {document.documentType}: {document.fileName}
              </li>
            ))}
            {waitingDocuments.map((label, index) => (
              <li key={`waiting-${index}`}>{label} (waiting to send)</li>
            ))}
          </ul>
        )}
      </section>
      {load.stops.map((stop) => (
        <section key={stop.id} className="card stop" aria-label={`Stop ${stop.sequence}`}>
          <h3>
            {stop.sequence}. {TYPE_LABELS[stop.type]}: {stop.facility ?? stop.location}
          </h3>
          <a href={mapsLink(stop)} target="_blank" rel="noreferrer">
            {stop.address ?? stop.location}
          </a>
          <dl>
            {(stop.appointmentStart || stop.appointmentEnd) && (
              <>
                <dt>Appointment</dt>
                <dd>{appointment(stop)}</dd>
              </>
            )}
            {stop.reference && (
              <>
                <dt>Reference</dt>
                <dd>{stop.reference}</dd>
              </>
            )}
            {stop.notes && (
              <>
                <dt>Notes</dt>
                <dd>{stop.notes}</dd>
              </>
            )}
            {stop.arrivedAt && (
              <>
                <dt>Arrived</dt>
                <dd className="done">{time(stop.arrivedAt)}</dd>
              </>
            )}
            {stop.departedAt && (
              <>
                <dt>Departed</dt>
                <dd className="done">{time(stop.departedAt)}</dd>
              </>
            )}
          </dl>
          {load.status !== 'delivered' && (
            <div className="actions">
              <button type="button" className="primary" disabled={!!stop.arrivedAt} onClick={() => void stamp(stop, 'arrived')}>
                Arrived
              </button>
              <button type="button" className="primary" disabled={!!stop.departedAt} onClick={() => (stop.id === last.id ? setAskPod(stop) : void stamp(stop, 'departed'))}>
                Departed
              </button>
            </div>
          )}
        </section>
      ))}
      {askPod && (
        <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="pod-first">
          <div>
            <h2 id="pod-first">Proof of delivery first</h2>
            <p>This is the last stop. Have the receiver sign the POD, or scan the signed one, before you leave.</p>
            <div className="actions">
              <button
                type="button"
                className="primary"
                onClick={() => {
                  setSigningAt(askPod);
                  setAskPod(undefined);
                }}
              >
                Sign POD
              </button>
              <button type="button" className="secondary" onClick={() => setAskPod(undefined)}>
                Not yet
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  const stop = askPod;
                  setAskPod(undefined);
                  void stamp(stop, 'departed');
                }}
              >
                Departed with the POD
              </button>
            </div>
          </div>
        </div>
      )}
      <Messages load={load} waiting={waitingMessages} onMessage={onMessage} />
      {scanning && <ScanDialog load={load} onQueue={onQueue} onClose={() => setScanning(false)} />}
      {signingAt && <SignPodDialog load={load} stop={signingAt} onQueue={onQueue} onClose={() => setSigningAt(undefined)} />}
    </>
  );
}

/** The load's messages with dispatch (issue 44, point 5), and a box to write; what is written waits in the outbox. */
function Messages({ load, waiting, onMessage }: { load: DriverLoad; waiting: string[]; onMessage: (load: DriverLoad, text: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const send = async () => {
    const body = text.trim();
    if (!body) return;
    setText('');
    await onMessage(load, body);
  };
  return (
    <section className="card" aria-label="Messages">
      <h3>Messages</h3>
      {load.messages.length === 0 && waiting.length === 0 && <p className="muted">No messages yet</p>}
      <ul className="thread">
        {load.messages.map((message) => (
          <li key={message.id} className={message.author === 'driver' ? 'mine' : undefined}>
            <span className="who">
              {message.author === 'driver' ? 'You' : `Dispatch (${message.authorName})`} · {time(message.at)}
            </span>
            {message.body}
          </li>
        ))}
        {waiting.map((body, index) => (
          <li key={`waiting-${index}`} className="mine">
            <span className="who">You · waiting to send</span>
            {body}
          </li>
        ))}
      </ul>
      <label className="compose">
        Write to dispatch
        <textarea value={text} maxLength={LOAD_MESSAGE_MAX_LENGTH} onChange={(event) => setText(event.target.value)} />
      </label>
      <div className="compose">
        <button type="button" className="primary" disabled={!text.trim()} onClick={() => void send()}>
          Send Message
        </button>
      </div>
    </section>
  );
}
