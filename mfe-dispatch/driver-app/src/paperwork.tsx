import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { DRIVER_DOCUMENT_TYPES } from '@tms/contracts/driver-app';
import type { DriverLoad, DriverStop } from '@tms/contracts';

/** What a dialog hands to the outbox: a document upload, made once and sent until answered. */
export interface DocumentAction {
  path: string;
  body: { fileName: string; fileType: 'application/pdf'; fileSize: number; fileData: string; documentType: string };
  label: string;
}

const loadPdf = () => import('./pdf.js');
/** Loads pdf-lib ahead of need once the app is idle with signal, so a scan works later without it (service worker). */
export const warmPaperwork = () => void loadPdf().catch(() => undefined);

function Dialog({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={id}>
      <div>
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');

/**
 * 'Scan Document': photos taken with the camera (several pages), a type, and one PDF of them kept on the load. Each
 * page is reduced to at most 1600 px on its long side in the phone, so a document is small enough to send on one bar.
 */
export function ScanDialog({ load, onQueue, onClose }: { load: DriverLoad; onQueue: (action: DocumentAction) => Promise<void>; onClose: () => void }) {
  const [type, setType] = useState<string>(DRIVER_DOCUMENT_TYPES[0].documentType);
  const [pages, setPages] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const label = DRIVER_DOCUMENT_TYPES.find((one) => one.documentType === type)!.label;

  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { photosToPdf, pdfDataUrl } = await loadPdf();
      const bytes = await photosToPdf(pages);
      await onQueue({
        path: `/loads/${load.id}/documents`,
        body: { fileName: `${load.loadNumber}-${label.replace(/\s+/g, '-')}-${stamp()}.pdf`, fileType: 'application/pdf', fileSize: bytes.byteLength, fileData: pdfDataUrl(bytes), documentType: type },
        label: `${label} (${pages.length} page${pages.length === 1 ? '' : 's'})`,
      });
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Scan Document">
      <fieldset className="choices">
        <legend>Type</legend>
        {DRIVER_DOCUMENT_TYPES.map((choice) => (
          <label key={choice.documentType} className="choice">
            <input type="radio" name="document-type" value={choice.documentType} checked={type === choice.documentType} onChange={() => setType(choice.documentType)} />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <label className="button secondary file">
        {pages.length ? 'Add another page' : 'Take a photo'}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          aria-label="Take a photo of a page"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            setPages((before) => [...before, ...chosen]);
          }}
        />
      </label>
      <p role="status">{pages.length === 0 ? 'No pages yet' : `${pages.length} page${pages.length === 1 ? '' : 's'}`}</p>
      {problem && (
        <p className="banner error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={!pages.length || busy} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save Document'}
        </button>
      </div>
    </Dialog>
  );
}

/** 'Sign POD': the receiver signs on the screen and prints their name; a POD page is kept on the load. */
export function SignPodDialog({ load, stop, onQueue, onClose }: { load: DriverLoad; stop: DriverStop; onQueue: (action: DocumentAction) => Promise<void>; onClose: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);
  const [receiver, setReceiver] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    const element = canvas.current!;
    element.width = element.clientWidth * 2;
    element.height = element.clientHeight * 2;
    const context = element.getContext('2d')!;
    context.scale(2, 2);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.strokeStyle = '#0f172a';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top] as const;
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const context = event.currentTarget.getContext('2d')!;
    context.beginPath();
    context.moveTo(...point(event));
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d')!;
    context.lineTo(...point(event));
    context.stroke();
    setSigned(true);
  };
  const clear = () => {
    const element = canvas.current!;
    element.getContext('2d')!.clearRect(0, 0, element.width, element.height);
    setSigned(false);
  };

  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { podPdf, pdfDataUrl } = await loadPdf();
      const png = await new Promise<Blob>((resolve, reject) => canvas.current!.toBlob((made) => (made ? resolve(made) : reject(new Error('The signature could not be read'))), 'image/png'));
      const place = stop.facility ? `${stop.facility}, ${stop.location}` : stop.location;
      const bytes = await podPdf({ loadNumber: load.loadNumber, stop: `${stop.sequence}. ${place}`, receiver: receiver.trim(), signedAt: new Date(), signature: new Uint8Array(await png.arrayBuffer()) });
      await onQueue({
        path: `/loads/${load.id}/documents`,
        body: { fileName: `${load.loadNumber}-POD-stop-${stop.sequence}-${stamp()}.pdf`, fileType: 'application/pdf', fileSize: bytes.byteLength, fileData: pdfDataUrl(bytes), documentType: 'Proof of Delivery' },
        label: `POD signed by ${receiver.trim()}`,
      });
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Sign POD">
      <p className="muted">
        Stop {stop.sequence}: {stop.facility ?? stop.location}. The receiver signs below.
      </p>
      <canvas
        ref={canvas}
        className="signature"
        role="img"
        aria-label="Signature pad: sign with a finger"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={() => (drawing.current = false)}
        onPointerCancel={() => (drawing.current = false)}
      />
      <label className="field">
        Receiver's name
        <input type="text" value={receiver} autoComplete="name" onChange={(event) => setReceiver(event.target.value)} />
      </label>
      {problem && (
        <p className="banner error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={clear}>
          Clear
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={!signed || !receiver.trim() || busy} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save POD'}
        </button>
      </div>
    </Dialog>
  );
}
