import { HttpException, Logger } from '@nestjs/common';
import type { ErrorRequestHandler, Response } from 'express';
import { REQUEST_TOO_LARGE, SOMETHING_WENT_WRONG, type HttpAnswer } from '../services/rpc-errors.js';
import { BodyRefused } from './json-body.js';

const logger = new Logger('HttpErrors');

/** An HTTP error the client may retry after `retryAfterSeconds` (sent as Retry-After): 429, a busy service's 503. */
export class RetryLater extends HttpException {
  constructor(
    body: { message: string },
    status: number,
    readonly retryAfterSeconds: number,
  ) {
    super(body, status);
  }
}

/** Plain messages for statuses raised without one of ours (Nest's defaults, body-parser). */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: REQUEST_TOO_LARGE,
  415: 'Unsupported media type',
};

const statusMessage = (status: number) => STATUS_MESSAGES[status] ?? (status >= 500 ? SOMETHING_WENT_WRONG : 'Bad request');

/**
 * What a client is told about any error: a status and `{ message, issues? }`. Errors of ours (HttpException
 * with a `{ message }` body, already logged where raised) pass as they are; body-parser's become 'Invalid JSON' / 413; anything else is
 * logged here with its stack and answered as a plain 500, so no stack trace or SQL ever reaches a client.
 */
export function answerForError(error: unknown): HttpAnswer {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null && !('statusCode' in response)) {
      const { message, issues } = response as { message?: unknown; issues?: unknown };
      if (typeof message === 'string') {
        const body = issues && typeof issues === 'object' ? { message, issues: issues as never } : { message };
        return error instanceof RetryLater ? { status, body, retryAfterSeconds: error.retryAfterSeconds } : { status, body };
      }
    }
    // Nest's own exceptions (route not found, …) carry texts like "Cannot GET /x": answer a plain one.
    return { status, body: { message: statusMessage(status) } };
  }
  if (error instanceof BodyRefused) return { status: error.status, body: { message: error.message } };
  const { type, status, expose } = (error ?? {}) as { type?: unknown; status?: unknown; expose?: unknown };
  if (type === 'entity.parse.failed') return { status: 400, body: { message: 'Invalid JSON' } };
  // body-parser passes on the decompressor's own error, with status 400, when a body is not what its
  // Content-Encoding says (zlib's Z_DATA_ERROR, brotli's ERR__ codes).
  if (status === 400 && expose === true && type === undefined) {
    return { status: 400, body: { message: 'The request body could not be decoded as its Content-Encoding says.' } };
  }
  if (type === 'entity.too.large') return { status: 413, body: { message: statusMessage(413) } };
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { message: statusMessage(status) } }; // other body-parser refusals
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : `Non-error thrown: ${String(error)}`);
  return { status: 500, body: { message: SOMETHING_WENT_WRONG } };
}

/** Sends an answer (with its Retry-After) on an express response. */
export function sendAnswer(res: Response, { status, body, retryAfterSeconds }: HttpAnswer) {
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  res.status(status).json(body);
}

/** The same answers for errors raised in plain express middleware (body parsers, session store, static files). */
export const expressErrorHandler: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  sendAnswer(res, answerForError(error));
};
