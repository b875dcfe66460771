import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { REQUEST_ID_HEADER, requestIdFrom } from '@tms/service-kit';

const REQUEST_ID = Symbol('requestId');
type NamedRequest = IncomingMessage & { [REQUEST_ID]?: string };

/**
 * Gives a request its id — the caller's X-Request-Id, else a new one — and answers with it. The gateway keeps no
 * request context to look it up in later (service-kit's request-id.ts says why): whoever needs it takes it from the
 * request (requestIdOf, RequestId) and hands it on.
 */
export function nameRequest(req: IncomingMessage, res: { setHeader(name: string, value: string): unknown }): string {
  const id = requestIdFrom(req.headers['x-request-id']);
  (req as NamedRequest)[REQUEST_ID] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** A request's id (nameRequest): its answer's X-Request-Id, and what the services it reaches log. */
export const requestIdOf = (req: IncomingMessage): string | undefined => (req as NamedRequest)[REQUEST_ID];

/** A route's request id, to hand to ServiceClient.call. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext) => requestIdOf(context.switchToHttp().getRequest<IncomingMessage>()));
