import { DRIVER_API, DRIVER_APP_MESSAGES } from '@tms/contracts/driver-app';
import type { DriverLoad, DriverLoadSummary, DriverMe, DriverPaired } from '@tms/contracts';
import type { QueuedAction, SendOutcome } from './outbox.js';

const TOKEN_KEY = 'tms-driver-token';

export const savedToken = () => localStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const forgetToken = () => localStorage.removeItem(TOKEN_KEY);

/** The phone is not (or no longer) paired: the server said 401. */
export class Unpaired extends Error {}
/** No signal, and nothing kept from before. */
export class Offline extends Error {}

/** A read of the driver API; `offline` when the answer came from the service worker's copy. */
async function read<T>(path: string): Promise<{ data: T; offline: boolean }> {
  let answer: Response;
  try {
    answer = await fetch(`${DRIVER_API}${path}`, { headers: { authorization: `Bearer ${savedToken()}` } });
  } catch {
    throw new Offline();
  }
  if (answer.status === 401) throw new Unpaired();
  if (answer.status === 503 && answer.headers.get('X-Offline')) throw new Offline();
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.message ?? 'Something went wrong');
  return { data: body as T, offline: answer.headers.get('X-Offline') === '1' };
}

export const me = () => read<DriverMe>('/me');
export const myLoads = () => read<DriverLoadSummary[]>('/loads');
export const myLoad = (id: string) => read<DriverLoad>(`/loads/${id}`);

/** Opens a pairing link: the phone's token, or the link's expiry message. */
export async function pair(code: string): Promise<DriverPaired> {
  const answer = await fetch(`${DRIVER_API}/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  const body = await answer.json();
  if (answer.status === 404) throw new Error(DRIVER_APP_MESSAGES.linkExpired);
  if (!answer.ok) throw new Error(body.message ?? 'Something went wrong');
  return body as DriverPaired;
}

/** Sends one queued action with its Idempotency-Key. */
export async function sendQueued(action: QueuedAction): Promise<SendOutcome> {
  let answer: Response;
  try {
    answer = await fetch(`${DRIVER_API}${action.path}`, {
      method: action.method,
      headers: { authorization: `Bearer ${savedToken()}`, 'content-type': 'application/json', 'Idempotency-Key': action.key },
      body: JSON.stringify(action.body),
    });
  } catch {
    return { kind: 'offline' };
  }
  if (answer.ok) return { kind: 'sent' };
  if (answer.status === 401) return { kind: 'unpaired' };
  // Busy, limited or a gateway without its services: the same key is sent again later.
  if (answer.status === 429 || answer.status >= 500) return { kind: 'offline' };
  const body = await answer.json().catch(() => ({}));
  return { kind: 'refused', message: body.message ?? `Refused (${answer.status})` };
}
