import { createServer, type Server } from 'node:http';
import { Logger, type INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { config } from '../config.js';
import { collectProcessMetrics, metricsRegistry } from './metrics.js';

/** What an orchestrator asks a part: whether it can still work (else restart it), and whether to send it work. */
export interface Probes {
  live(): boolean;
  ready(): boolean;
}

/**
 * A part's operations port (HEALTH_PORT, on HEALTH_HOST: loopback unless told), never its public one:
 *  - GET /metrics: its Prometheus metrics (metrics.ts), Node's own included;
 *  - GET /livez and GET /readyz: its probes, when it has them (200 or 503).
 */
export function serveOperations(port: number, probes?: Probes): Server {
  collectProcessMetrics();
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path === '/metrics') {
      metricsRegistry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
      return;
    }
    const up = !probes ? undefined : path === '/livez' ? probes.live() : path === '/readyz' ? probes.ready() : undefined;
    response.writeHead(up === undefined ? 404 : up ? 200 : 503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: up === undefined ? 'not found' : up ? 'ok' : 'down' }));
  });
  // A port taken is said, not a crash: the part works on without its metrics and probes.
  server.on('error', (error) => new Logger('Operations').error(`Port ${port} (HEALTH_PORT): ${error.message}`));
  return server.listen(port, config.healthHost);
}

/**
 * A NATS-only service's operations port, for an orchestrator's probes (Kubernetes) and Prometheus:
 *  - GET /livez: 200 while the service can still work; 503 once its NATS connection is closed for good (the client
 *    gave up reconnecting), when only a restart helps.
 *  - GET /readyz: 200 while connected to NATS, so its queue group gets its requests; 503 while (re)connecting.
 */
export function serveHealthChecks(app: INestMicroservice, port: number): Server {
  const nc = app.unwrap<NatsConnection>();
  let connected = true;
  app.status.subscribe((status) => (connected = status === 'connected'));
  return serveOperations(port, { live: () => !nc.isClosed(), ready: () => connected && !nc.isClosed() });
}
