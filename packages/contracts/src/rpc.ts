import { z } from 'zod';
import type { ListQuery } from './list-query.js';

/**
 * The shape of every answer on NATS. Services answer errors as data (never by throwing), so the gateway can map
 * them to HTTP in one place and no stack trace or SQL ever travels.
 */
export const RPC_ERROR_CODES = ['invalid', 'not_found', 'conflict', 'unavailable', 'busy', 'undeliverable', 'internal'] as const;
export type RpcErrorCode = (typeof RPC_ERROR_CODES)[number];

/** Field path → messages, as shown under the form fields. */
export const fieldIssuesSchema = z.record(z.string(), z.array(z.string()));
export type FieldIssues = z.infer<typeof fieldIssuesSchema>;

/**
 * Every error answer over HTTP (the gateway's HttpAnswer body): a message to show, and for refused input what is
 * wrong under each field. Described here once for the API reference (GET /api/openapi.json).
 */
export const errorAnswerSchema = z.object({ message: z.string(), issues: fieldIssuesSchema.optional() });

export interface RpcError {
  code: RpcErrorCode;
  message: string;
  issues?: FieldIssues;
}

/**
 * A service that is up but has no room for the request now (a full work queue) answers `busy`: HTTP 503 with
 * Retry-After of this many seconds, at once, so the client waits instead of queueing behind the work.
 */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export type RpcReply<T> = { ok: true; data: T } | { ok: false; error: RpcError };

export const ok = <T>(data: T): RpcReply<T> => ({ ok: true, data });
export const fail = (code: RpcErrorCode, message: string, issues?: FieldIssues): RpcReply<never> => ({
  ok: false,
  error: issues ? { code, message, issues } : { code, message },
});

/** The answer's message when input is refused; what was wrong is said under each field (`issues`). */
export const INVALID_INPUT = 'Invalid input';
/** The answer's message for a failure that is ours, not the caller's: nothing about it leaves the part it happened in. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** Input refused, with what is wrong under each field. */
export const invalidInput = (issues?: FieldIssues): RpcReply<never> => fail('invalid', INVALID_INPUT, issues);

/**
 * The NATS header with the moment (epoch ms) the caller stops waiting for an answer. A service drops a request that
 * arrives later: its caller has already told the user it failed, so it must not take effect afterwards.
 */
export const DEADLINE_HEADER = 'Tms-Deadline';

/**
 * The answer of a resource's `list` action: one page of the list, `rows` being the UTF-8 JSON of an array of records
 * (written by the database, passed through untouched), `next` the cursor to send as `after` for the page after it,
 * null on the last page. The gateway streams the pages to HTTP as one JSON array.
 *
 * A page travels as its bare rows, not inside the JSON envelope of other replies: escaping a whole page into a JSON
 * string and parsing it back would cost more than the query. The reply's headers say it is a page and carry the
 * cursor (service-kit's list-page-wire).
 */
export interface ListPage {
  rows: Uint8Array;
  next: string | null;
}
/** Marks a reply whose body is a ListPage's rows. */
export const LIST_PAGE_HEADER = 'Tms-List-Page';
/** The ListPage's `next` cursor, absent on the last page. */
export const LIST_NEXT_HEADER = 'Tms-List-Next';
export interface ListPagePayload {
  after?: string;
  /** The list's order and filters (list-query.ts); without it, the whole list in its own order. */
  query?: ListQuery;
}

/** The payload of every request that names one record. */
export interface IdPayload {
  id: string;
}
export interface UpdatePayload extends IdPayload {
  changes: unknown;
}
