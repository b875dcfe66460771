import { HttpException } from '@nestjs/common';
import { SOMETHING_WENT_WRONG, type FieldIssues } from '@tms/contracts';
import { logForRequest } from '@tms/service-kit';
import type { ErrorRequestHandler, Response } from 'express';
import { BodyRefused, bodyParserRefusal, REQUEST_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE } from './request-body.js';
import { requestIdOf } from './request-ids.js';

/** What the gateway answers over HTTP: a status and a plain JSON body (never a stack trace or SQL). */
export interface HttpAnswer {
  status: number;
  body: { message: string; issues?: FieldIssues };
  /** Sent as Retry-After: when the client may try again (429, a busy service's 503). */
  retryAfterSeconds?: number;
}

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

/** An HTTP error whose body is exactly what the client sees, with a Retry-After when the answer has one. */
export const httpError = ({ status, body, retryAfterSeconds }: HttpAnswer) =>
  retryAfterSeconds === undefined ? new HttpException(body, status) : new RetryLater(body, status, retryAfterSeconds);

/** Plain messages for statuses raised without one of ours (Nest's defaults, body-parser). */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: REQUEST_TOO_LARGE,
  415: UNSUPPORTED_MEDIA_TYPE,
};

const statusMessage = (status: number) => STATUS_MESSAGES[status] ?? (status >= 500 ? SOMETHING_WENT_WRONG : 'Bad request');

/**
 * What a client is told about any error: a status and `{ message, issues? }`. Errors of ours (HttpException
 * with a `{ message }` body, already logged where raised) pass as they are; a refused body is answered as
 * request-body.ts words it; anything else is logged here with its stack and answered as a plain 500, so no stack
 * trace or SQL ever reaches a client; its line carries `requestId`.
 */
export function answerForError(error: unknown, requestId?: string): HttpAnswer {
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
  const refused = error instanceof BodyRefused ? error : bodyParserRefusal(error);
  if (refused) return { status: refused.status, body: { message: refused.message } };
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { message: statusMessage(status) } }; // other body-parser refusals
  }
  logForRequest('error', 'HttpErrors', requestId, () => (error instanceof Error ? (error.stack ?? error.message) : `Non-error thrown: ${String(error)}`));
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
  sendAnswer(res, answerForError(error, requestIdOf(res)));
};
