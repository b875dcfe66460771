import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { activeSpan, logForRequest } from '@tms/service-kit';
import { Histogram } from 'prom-client';
import { GPS_PATH, OSMAND_PATH } from '../gps/device-requests.js';
import { nameRequest } from './request-ids.js';

/** Every HTTP request the gateway answers, by route template (never the path itself), method and status. */
const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests the gateway answered, by route template, method and status, in seconds',
  labelNames: ['route', 'method', 'status'] as const,
});

type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * The route a request took, as a template (`/api/:resource/:id`): the express route Nest matched, a device's path
 * (answered ahead of express), else `/api/*` for an /api path no route took, and `front-end` for the pages.
 */
function routeOf(req: RoutedRequest): string {
  if (typeof req.route?.path === 'string') return `${req.baseUrl ?? ''}${req.route.path}`;
  const url = req.url ?? '';
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (path === GPS_PATH || path === OSMAND_PATH) return path;
  return path === '/api' || path.startsWith('/api/') ? '/api/*' : 'front-end';
}

/**
 * Wraps the server's request listeners (devices' included): each request gets its id (nameRequest), for its answer,
 * the services it reaches and its debug line, and is counted once answered, with its trace span named after its route.
 */
export function observeRequests(server: Server) {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: RoutedRequest, res: ServerResponse) => {
    const started = performance.now();
    const id = nameRequest(req, res);
    const span = activeSpan();
    // Ahead of the HTTP instrumentation's own listener, which ends the span: it is named first.
    res.prependOnceListener('close', () => {
      const route = routeOf(req);
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      const seconds = (performance.now() - started) / 1000;
      httpRequestDuration.observe({ route, method: req.method ?? '', status }, seconds);
      if (span) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      logForRequest('debug', 'HTTP', id, () => `${req.method} ${route} ${status} in ${(seconds * 1000).toFixed(1)} ms`);
    });
    for (const listener of listeners) listener.call(server, req, res);
  });
}
