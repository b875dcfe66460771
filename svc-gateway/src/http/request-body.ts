import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import express, { type Request, type RequestHandler } from 'express';

/**
 * Request bodies, and the words for refusing one. /api's JSON parser (express's) and the device routes' reader (plain
 * node, ahead of express) take the same bodies and refuse the same ones, with the same answers.
 */

/** The largest JSON body /api accepts, once decompressed: well under NATS's 1 MB max_payload, which it must fit in. */
export const JSON_LIMIT_BYTES = 512 * 1024;

/** How deeply a JSON body may nest. Our bodies are flat objects (or lists of them); deeper is no honest request. */
export const JSON_MAX_DEPTH = 32;

export const REQUEST_TOO_LARGE = 'The request is too large.';
export const UNSUPPORTED_MEDIA_TYPE = 'Unsupported media type';
export const JSON_ONLY = 'Unsupported media type: this route takes application/json.';

/** The content types read as JSON: application/json and its structured-syntax kin (application/merge-patch+json). */
export const JSON_TYPES = ['application/json', 'application/*+json'];

/** A request's media type, without its parameters ('text/csv; charset=utf-8' is 'text/csv'). */
export const mediaType = (req: IncomingMessage) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/** Whether a request carries body bytes (a length over 0, or chunks), whatever its content type says. */
export const carriesBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Whether a request's content type is one of JSON_TYPES. */
export function isJson(req: IncomingMessage) {
  const type = mediaType(req);
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
}

/** A body the gateway will not read, answered with its status and message (answerForError). */
export class BodyRefused extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
  ) {
    super(message);
  }
}

export const refuse = {
  invalidJson: () => new BodyRefused(400, 'Invalid JSON', 'entity.parse.failed'),
  undecodable: () => new BodyRefused(400, 'The request body could not be decoded as its Content-Encoding says.', 'encoding.failed'),
  tooDeep: () => new BodyRefused(400, `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`, 'entity.too.deep'),
  tooLarge: () => new BodyRefused(413, REQUEST_TOO_LARGE, 'entity.too.large'),
  unsupportedEncoding: () => new BodyRefused(415, UNSUPPORTED_MEDIA_TYPE, 'encoding.unsupported'),
  notJson: () => new BodyRefused(415, JSON_ONLY, 'type.unsupported'),
};

/**
 * body-parser's refusal of a body, as the BodyRefused the device routes raise for the same body; undefined for any
 * other error. body-parser passes on the decompressor's own error, with status 400 and no type, when a body is not
 * what its Content-Encoding says (zlib's Z_DATA_ERROR, brotli's ERR__ codes).
 */
export function bodyParserRefusal(error: unknown): BodyRefused | undefined {
  const { type, status, expose } = (error ?? {}) as { type?: unknown; status?: unknown; expose?: unknown };
  if (type === 'entity.parse.failed') return refuse.invalidJson();
  if (type === 'entity.too.large') return refuse.tooLarge();
  if (type === 'encoding.unsupported') return refuse.unsupportedEncoding();
  if (status === 400 && expose === true && type === undefined) return refuse.undecodable();
  return undefined;
}

/** The depth of a parsed JSON value, walked without recursion (a deep body must not overflow our stack either). */
export function jsonDepth(value: unknown, stopAt = Infinity): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

const tooDeep = (body: unknown) => jsonDepth(body, JSON_MAX_DEPTH) > JSON_MAX_DEPTH;

/** Refuses a body nested deeper than JSON_MAX_DEPTH with 400, before it reaches a service. */
const refuseDeepBodies: RequestHandler = (req, _res, next) => next(tooDeep(req.body) ? refuse.tooDeep() : undefined);

const parseJson = express.json({ limit: JSON_LIMIT_BYTES, type: JSON_TYPES });

/**
 * /api's bodies: JSON, at most JSON_LIMIT_BYTES once decompressed (gzip, deflate and br bodies are inflated; one that is
 * not what its Content-Encoding says is a 400), and at most JSON_MAX_DEPTH deep. A body of any other type is refused
 * (415) before a byte of it is read: express's parser would pass it by, and the route would take it as none (a PUT of
 * a CSV would have replaced a list with nothing, a PATCH of text answered 200 having changed nothing).
 * `readsItsOwnBody` names the requests whose route reads its body itself (a CSV import; the sign-out form).
 */
export function jsonBodies(readsItsOwnBody: (req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    if (readsItsOwnBody(req)) return next();
    if (carriesBody(req) && !isJson(req)) return next(refuse.notJson());
    parseJson(req, res, (error?: unknown) => (error ? next(error) : refuseDeepBodies(req, res, next)));
  };
}

const DECOMPRESSORS: Record<string, () => Transform> = { gzip: createGunzip, deflate: createInflate, br: createBrotliDecompress };

/**
 * The bytes of a plain node request's body, at most `limit` once decompressed (gzip, deflate, br), for routes served
 * ahead of express; refused as jsonBodies refuses.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  const decompress = DECOMPRESSORS[encoding];
  if (!decompress && encoding !== 'identity') return Promise.reject(refuse.unsupportedEncoding());
  if (!decompress && Number(req.headers['content-length'] ?? 0) > limit) {
    req.resume();
    return Promise.reject(refuse.tooLarge());
  }
  const source = decompress ? req.pipe(decompress()) : req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    source.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      source.removeAllListeners('data');
      req.unpipe();
      req.resume();
      reject(refuse.tooLarge());
    });
    source.once('end', () => resolve(Buffer.concat(chunks, size)));
    source.once('error', () => reject(refuse.undecodable()));
  });
}

/** A JSON body read by readBody, parsed (blank: undefined) and refused as jsonBodies refuses. */
export function parseJsonBody(text: string): unknown {
  let body: unknown;
  try {
    body = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw refuse.invalidJson();
  }
  if (tooDeep(body)) throw refuse.tooDeep();
  return body;
}
