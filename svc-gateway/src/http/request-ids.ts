import type { IncomingMessage, ServerResponse } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { logForRequest, REQUEST_ID_HEADER, requestIdFrom } from '@tms/service-kit';

/**
 * Gives a request its id — the caller's X-Request-Id, else a new one — in its answer's header, where whoever needs it
 * later reads it (requestIdOf, RequestId) and hands it on: the gateway keeps no request context (service-kit's
 * request-id.ts says why), and adds nothing to the request object (a device's request keeps Node's own shape).
 */
export function nameRequest(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdFrom(req.headers['x-request-id']);
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The id of the request a response answers (nameRequest), which the services it reaches log. */
export const requestIdOf = (res: ServerResponse): string | undefined => {
  const id = res.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : undefined;
};

/** A route's request id, to hand to ServiceClient.call. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext) => requestIdOf(context.switchToHttp().getResponse<ServerResponse>()));

/** A request, named by its answer or its id. */
export type RequestRef = ServerResponse | string | undefined;

/**
 * The gateway's lines about one request, each with the request's id: the gateway keeps no request context, so each
 * line names its request (by its answer, or the id a route took with RequestId).
 */
export class RequestLogger {
  constructor(private readonly context: string) {}

  warn(request: RequestRef, message: string) {
    this.write('warn', request, message);
  }

  error(request: RequestRef, message: string) {
    this.write('error', request, message);
  }

  private write(level: 'warn' | 'error', request: RequestRef, message: string) {
    logForRequest(level, this.context, typeof request === 'object' ? requestIdOf(request) : request, () => message);
  }
}
