import express, { type RequestHandler } from 'express';

/** The largest JSON body /api accepts, once decompressed: well under NATS's 1 MB max_payload, which it must fit in. */
export const JSON_LIMIT_BYTES = 512 * 1024;

/** How deeply a JSON body may nest. Our bodies are flat objects (or lists of them); deeper is no honest request. */
export const JSON_MAX_DEPTH = 32;

/** An error body-parser style: the error handler answers its status with its message. */
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

/** Refuses a body nested deeper than JSON_MAX_DEPTH with 400, before it reaches a service. */
const refuseDeepBodies: RequestHandler = (req, _res, next) => {
  if (jsonDepth(req.body, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
    return next(new BodyRefused(400, `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`, 'entity.too.deep'));
  }
  next();
};

/**
 * /api's JSON body: at most JSON_LIMIT_BYTES once decompressed (gzip, deflate and br bodies are inflated; one that is not
 * what its Content-Encoding says is a 400, see http-errors), and at most JSON_MAX_DEPTH deep.
 */
export const jsonBody: RequestHandler[] = [express.json({ limit: JSON_LIMIT_BYTES }), refuseDeepBodies];
