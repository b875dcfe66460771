import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The header that names a request: the gateway takes the caller's or makes one, answers with it, and passes it in
 * the NATS headers to every service the request reaches, so that every log line written for it carries it.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The request a service is serving, through everything it awaits, for its log lines and the requests it sends on.
 * Services only: on Node 20 a store entered once makes every promise of the process slower (about 0.1 µs each, for
 * good), which cost the gateway's GPS path a fifth of its CPU. The gateway hands its requests' ids on explicitly.
 */
const requests = new AsyncLocalStorage<string>();

/** The id of the request being served, here or in anything it awaits; undefined outside a request. */
export const currentRequestId = (): string | undefined => requests.getStore();

/** Runs `work` as a part of request `id`. */
export const inRequest = <T>(id: string, work: () => T): T => requests.run(id, work);

/** Runs `work` as a part of no request: for what it starts that outlives the request (a connection's watcher). */
export const outsideRequests = <T>(work: () => T): T => requests.exit(work);

/** A caller's request id when it is one a log may carry as it is (short, no spaces or quotes), else a new one. */
export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[\w.:@/+=-]{1,128}$/.test(given) ? given : randomUUID();
}
