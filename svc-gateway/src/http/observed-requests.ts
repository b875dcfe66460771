import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { activeSpan, logForRequest } from '@tms/service-kit';
import { Histogram } from 'prom-client';
import { nameRequest } from './request-ids.js';

/** Every HTTP request the gateway answers, by route template (never the path itself), method and status. */
const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests the gateway answered, by route template, method and status, in seconds',
  labelNames: ['route', 'method', 'status'] as const,
});

/**
 * The histogram's series by route, method and status, made once each: prom-client otherwise sorts and joins the
 * labels of every observation, on the busiest route too. Routes are templates and statuses a few, so they are few.
 */
const durationSeries = new Map<string, ReturnType<typeof httpRequestDuration.labels>>();
function durationOf(route: string, method: string, status: string) {
  const key = `${route} ${method} ${status}`;
  let series = durationSeries.get(key);
  if (!series) durationSeries.set(key, (series = httpRequestDuration.labels({ route, method, status })));
  return series;
}

type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * The route a request took, as a template (`/api/:resource/:id`): the express route Nest matched, else `/api/*` for
 * an /api path no route took, and `front-end` for the pages.
 */
function routeOf(req: RoutedRequest): string {
  if (typeof req.route?.path === 'string') return `${req.baseUrl ?? ''}${req.route.path}`;
  const url = req.url ?? '';
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  return path === '/api' || path.startsWith('/api/') ? '/api/*' : 'front-end';
}

/** What recordRequest needs of a request as it comes in: the time, and its trace span (tracing on). */
export interface RequestStart {
  started: number;
  span: ReturnType<typeof activeSpan>;
}

/** Called as a request comes in, in its span's context. */
export const requestStart = (): RequestStart => ({ started: performance.now(), span: activeSpan() });

/**
 * Counts a request answered (`status`, or 'aborted') by its route template, names its trace span after the route, and
 * writes its debug line. `id`: its request id.
 */
export function recordRequest(req: IncomingMessage, { started, span }: RequestStart, route: string, status: string, id: string | undefined) {
  const seconds = (performance.now() - started) / 1000;
  durationOf(route, req.method ?? '', status).observe(seconds);
  if (span) {
    span.updateName(`${req.method} ${route}`);
    span.setAttribute('http.route', route);
  }
  logForRequest('debug', 'HTTP', id, () => `${req.method} ${route} ${status} in ${(seconds * 1000).toFixed(1)} ms`);
}

/**
 * Wraps the server's request listeners (express's, under Nest): each request gets its id (nameRequest), for its
 * answer, the services it reaches and its debug line, and is recorded once answered (recordRequest). Devices' requests
 * are answered ahead of this (gps/device-requests.ts), and name and record themselves.
 */
export function observeRequests(server: Server) {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: RoutedRequest, res: ServerResponse) => {
    const start = requestStart();
    const id = nameRequest(req, res);
    // Ahead of the HTTP instrumentation's own listener, which ends the span: it is named first.
    res.prependOnceListener('close', () => recordRequest(req, start, routeOf(req), res.writableFinished ? String(res.statusCode) : 'aborted', id));
    for (const listener of listeners) listener.call(server, req, res);
  });
}
