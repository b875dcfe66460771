/**
 * The shape of every answer on NATS. Services answer errors as data (never by throwing), so the gateway can map
 * them to HTTP in one place and no stack trace or SQL ever travels.
 */
export const RPC_ERROR_CODES = ['invalid', 'not_found', 'conflict', 'unavailable', 'undeliverable', 'internal'] as const;
export type RpcErrorCode = (typeof RPC_ERROR_CODES)[number];

/** Field path → messages, as shown under the form fields. */
export type FieldIssues = Record<string, string[]>;

export interface RpcError {
  code: RpcErrorCode;
  message: string;
  issues?: FieldIssues;
}

export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcError };

export const ok = <T>(data: T): RpcReply<T> => ({ ok: true, data });
export const fail = (code: RpcErrorCode, message: string, issues?: FieldIssues): RpcReply<never> => ({
  ok: false,
  error: issues ? { code, message, issues } : { code, message },
});

/**
 * The NATS header with the moment (epoch ms) the caller stops waiting for an answer. A service drops a request that
 * arrives later: its caller has already told the user it failed, so it must not take effect afterwards.
 */
export const DEADLINE_HEADER = 'Tms-Deadline';

/**
 * The answer of a resource's `list` action: one page of the list, `rows` being the JSON text of an array of records
 * (written by the database, passed through untouched), `next` the cursor to send as `after` for the page after it,
 * null on the last page. The gateway streams the pages to HTTP as one JSON array.
 */
export interface ListPage {
  rows: string;
  next: string | null;
}
export interface ListPagePayload {
  after?: string;
}

/** The payload of every request that names one record. */
export interface IdPayload {
  id: string;
}
export interface UpdatePayload extends IdPayload {
  changes: unknown;
}
