/**
 * The phone's outbox (issue 44, point 6): every action (arrive, depart, document, signature, message) is put here,
 * in IndexedDB, with its Idempotency-Key made when it is queued, and sent in order whenever there is signal: at once,
 * when the network comes back, when the app is opened again, and on every refresh. The server stores each key once,
 * however often it is sent, so an action is removed only once an answer says it was taken (or refused for good).
 */
export interface QueuedAction {
  id?: number;
  /** Made once, when queued: the same for every attempt. */
  key: string;
  method: 'POST';
  path: string;
  body: unknown;
  /** What it is, for the screen ('Arrived at stop 1'). */
  label: string;
  queuedAt: string;
}

const DB_NAME = 'tms-driver';
const STORE = 'outbox';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, step: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = step(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

export const queued = () => run<QueuedAction[]>('readonly', (store) => store.getAll() as IDBRequest<QueuedAction[]>);
export const enqueue = (action: Omit<QueuedAction, 'id' | 'key' | 'queuedAt'>) =>
  run('readwrite', (store) => store.add({ ...action, key: crypto.randomUUID(), queuedAt: new Date().toISOString() }));
const remove = (id: number) => run('readwrite', (store) => store.delete(id));
export const clearOutbox = () => run('readwrite', (store) => store.clear());

/** What a send came to: sent (or refused for good, and said so), no signal (try again later), or the phone unpaired. */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'offline' } | { kind: 'unpaired' };

let flushing: Promise<void> | undefined;

/**
 * Sends what is queued, oldest first, stopping at the first that finds no signal (the order of a stop's arrival and
 * departure matters). One flush at a time.
 */
export function flush(send: (action: QueuedAction) => Promise<SendOutcome>, refused: (action: QueuedAction, message: string) => void): Promise<void> {
  flushing ??= (async () => {
    try {
      // Until nothing waits: what was queued while sending goes too.
      for (let waiting = await queued(); waiting.length; waiting = await queued()) {
        for (const action of waiting) {
          const outcome = await send(action);
          if (outcome.kind === 'offline' || outcome.kind === 'unpaired') return;
          if (outcome.kind === 'refused') refused(action, outcome.message);
          await remove(action.id!);
        }
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}
