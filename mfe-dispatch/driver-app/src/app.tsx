import { useCallback, useEffect, useState } from 'react';
import { DRIVER_APP_MESSAGES, PAIRING_FRAGMENT, type StopStampKind } from '@tms/contracts/driver-app';
import type { DriverLoad, DriverLoadSummary, DriverMe } from '@tms/contracts';
import { forgetToken, me, myLoad, myLoads, Offline, pair, savedToken, saveToken, sendQueued, Unpaired } from './api.js';
import { clearOutbox, enqueue, flush, queued, type QueuedAction } from './outbox.js';
import { LoadView } from './load-view.js';
import { warmPaperwork, type DocumentAction } from './paperwork.js';

/** How often the app reads again while open: new messages and changes show within this. */
const REFRESH_MS = 30_000;
/** How long after the first screen the scanner's code (pdf-lib) is fetched, so the first visit is the app alone. */
const WARM_AFTER_MS = 5000;
let warmed = false;

type Screen = { kind: 'pairing' } | { kind: 'not-paired'; message?: string } | { kind: 'loads' } | { kind: 'load'; id: string };

const STATUS_LABELS: Record<string, string> = { assigned: 'Assigned', 'in-transit': 'In Transit', delivered: 'Delivered' };
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** The code of a pairing link opened on this page (`/#pair={code}`), taken out of the address at once. */
function pairingCode(): string | undefined {
  const hash = window.location.hash.slice(1);
  if (!hash.startsWith(PAIRING_FRAGMENT)) return undefined;
  history.replaceState(null, '', '/');
  return hash.slice(PAIRING_FRAGMENT.length);
}

export function App() {
  const [screen, setScreen] = useState<Screen>(() => (window.location.hash.slice(1).startsWith(PAIRING_FRAGMENT) ? { kind: 'pairing' } : savedToken() ? { kind: 'loads' } : { kind: 'not-paired' }));
  const [driver, setDriver] = useState<DriverMe>();
  const [loads, setLoads] = useState<DriverLoadSummary[]>();
  const [load, setLoad] = useState<DriverLoad>();
  const [waiting, setWaiting] = useState<QueuedAction[]>([]);
  const [offline, setOffline] = useState(false);
  const [problem, setProblem] = useState<string>();

  const unpaired = useCallback(async () => {
    forgetToken();
    await clearOutbox();
    navigator.serviceWorker?.controller?.postMessage('forget-api');
    setWaiting([]);
    setScreen({ kind: 'not-paired', message: DRIVER_APP_MESSAGES.unpaired });
  }, []);

  /** Sends what waits, then reads the screen's data again (from the service worker's copy without signal). */
  const refresh = useCallback(
    async (current: Screen) => {
      if (!savedToken()) return;
      let lostPairing = false;
      await flush(
        async (action) => {
          const outcome = await sendQueued(action);
          if (outcome.kind === 'unpaired') lostPairing = true;
          return outcome;
        },
        (action, message) => setProblem(`${action.label}: ${message}`),
      ).catch(() => undefined);
      setWaiting(await queued().catch(() => []));
      if (lostPairing) return unpaired();
      try {
        const who = await me();
        setDriver(who.data);
        if (current.kind === 'load') {
          const one = await myLoad(current.id);
          setLoad(one.data);
          setOffline(one.offline);
        } else {
          const list = await myLoads();
          setLoads(list.data);
          setOffline(list.offline);
        }
        // With signal and the screen drawn: the scanner's code fetched now, kept by the service worker for later.
        if (!warmed) {
          warmed = true;
          setTimeout(warmPaperwork, WARM_AFTER_MS);
        }
      } catch (error) {
        if (error instanceof Unpaired) return unpaired();
        if (error instanceof Offline) setOffline(true);
        else setProblem((error as Error).message);
      }
    },
    [unpaired],
  );

  // A pairing link: the phone's token, kept, then its loads.
  useEffect(() => {
    const code = pairingCode();
    if (!code) return;
    pair(code)
      .then(async ({ token }) => {
        saveToken(token);
        await clearOutbox();
        setScreen({ kind: 'loads' });
      })
      .catch((error: Error) => setScreen({ kind: 'not-paired', message: error.message }));
  }, []);

  useEffect(() => {
    if (screen.kind !== 'loads' && screen.kind !== 'load') return;
    void refresh(screen);
    const timer = setInterval(() => void refresh(screen), REFRESH_MS);
    const online = () => void refresh(screen);
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [screen, refresh]);

  /** Queues an action with its key, shows it at once, and sends it if there is signal. */
  const act = useCallback(
    async (action: Omit<QueuedAction, 'id' | 'key' | 'queuedAt' | 'method'>) => {
      await enqueue({ ...action, method: 'POST' });
      setWaiting(await queued());
      void refresh(screen);
    },
    [refresh, screen],
  );

  const stamp = useCallback(
    async (target: DriverLoad, stopId: string, kind: StopStampKind, label: string) => {
      const at = new Date().toISOString();
      const fix = await locationFix();
      await act({ path: `/loads/${target.id}/stops/${stopId}/${kind}`, body: { at, ...fix }, label });
    },
    [act],
  );

  const message = useCallback((target: DriverLoad, body: string) => act({ path: `/loads/${target.id}/messages`, body: { body }, label: `Message on ${target.loadNumber}` }), [act]);

  if (screen.kind === 'pairing') return <Frame title="TMS Driver"><p className="message" role="status">Pairing this phone…</p></Frame>;
  if (screen.kind === 'not-paired') {
    return (
      <Frame title="TMS Driver">
        <p className="message" role="alert">{screen.message ?? 'Open the pairing link from dispatch on this phone to see your loads.'}</p>
      </Frame>
    );
  }

  const banners = (
    <>
      {waiting.length > 0 && <p className="banner waiting" role="status">{waiting.length} waiting to send</p>}
      {offline && <p className="banner offline" role="status">No signal: showing what was last loaded</p>}
      {problem && (
        <p className="banner error" role="alert">
          {problem}{' '}
          <button type="button" className="secondary" onClick={() => setProblem(undefined)}>
            Dismiss
          </button>
        </p>
      )}
    </>
  );

  if (screen.kind === 'load') {
    const shown = load?.id === screen.id ? withQueued(load, waiting) : undefined;
    return (
      <Frame title={shown ? `Load ${shown.loadNumber}` : 'Load'} onBack={() => setScreen({ kind: 'loads' })}>
        {banners}
        {shown ? (
          <LoadView
            load={shown}
            waitingDocuments={waiting.filter((action) => action.path === `/loads/${shown.id}/documents`).map((action) => action.label)}
            waitingMessages={waiting.filter((action) => action.path === `/loads/${shown.id}/messages`).map((action) => (action.body as { body: string }).body)}
            onStamp={stamp}
            onQueue={(action: DocumentAction) => act(action)}
            onMessage={message}
          />
        ) : (
          <p className="message">Loading…</p>
        )}
      </Frame>
    );
  }

  return (
    <Frame title="My Loads" subtitle={driver?.driverName}>
      {banners}
      {!loads && <p className="message">Loading…</p>}
      {loads?.length === 0 && <p className="message">No loads assigned to you right now.</p>}
      {loads?.map((one) => (
        <button key={one.id} type="button" className="load-button" onClick={() => setScreen({ kind: 'load', id: one.id })}>
          <strong>{one.loadNumber}</strong>
          <span className="status">{statusLabel(one.status)}</span>{' '}
          <span className="muted">
            {one.pickupLocation} → {one.deliveryLocation}
            {one.stopCount > 2 ? ` (+${one.stopCount - 2} stops)` : ''}
          </span>
          <span className="muted" style={{ display: 'block' }}>
            Pickup {one.pickupDate} · Delivery {one.deliveryDate}
          </span>
        </button>
      ))}
    </Frame>
  );
}

function Frame({ title, subtitle, onBack, children }: { title: string; subtitle?: string; onBack?: () => void; children: React.ReactNode }) {
  return (
    <>
      <header>
        {onBack && (
          <button type="button" className="back" aria-label="Back to My Loads" onClick={onBack}>
            ←
          </button>
        )}
        <h1>{title}</h1>
        {subtitle && <span>{subtitle}</span>}
      </header>
      <main>{children}</main>
    </>
  );
}

/** The load as it will be once what waits is sent: a queued arrival or departure shows at once (source driver). */
function withQueued(load: DriverLoad, waiting: QueuedAction[]): DriverLoad {
  const stops = load.stops.map((stop) => {
    let next = stop;
    for (const action of waiting) {
      const match = /^\/loads\/([^/]+)\/stops\/([^/]+)\/(arrived|departed)$/.exec(action.path);
      if (!match || match[1] !== load.id || match[2] !== stop.id) continue;
      const at = (action.body as { at: string }).at;
      if (match[3] === 'arrived' && !next.arrivedAt) next = { ...next, arrivedAt: at, arrivedSource: 'driver' };
      if (match[3] === 'departed' && !next.departedAt) next = { ...next, departedAt: at, departedSource: 'driver' };
    }
    return next;
  });
  return { ...load, stops };
}

/** One location fix with its accuracy, or none when the phone cannot give one within a few seconds. */
function locationFix(): Promise<{ latitude?: number; longitude?: number; accuracyMeters?: number }> {
  if (!navigator.geolocation) return Promise.resolve({});
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracyMeters: Math.round(coords.accuracy * 10) / 10 }),
      () => resolve({}),
      { enableHighAccuracy: true, timeout: 8000, maximumAge: 60_000 },
    );
  });
}
