import { createServer, type Server } from 'node:http';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * For an orchestrator's probes (Kubernetes), when HEALTH_PORT is set: a NATS-only service has no other HTTP.
 *  - GET /livez: 200 while the service can still work; 503 once its NATS connection is closed for good (the client
 *    gave up reconnecting), when only a restart helps.
 *  - GET /readyz: 200 while connected to NATS, so its queue group gets its requests; 503 while (re)connecting.
 */
export function serveHealthChecks(app: INestMicroservice, port: number): Server {
  const nc = app.unwrap<NatsConnection>();
  let connected = true;
  app.status.subscribe((status) => (connected = status === 'connected'));
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    const up = path === '/livez' ? !nc.isClosed() : path === '/readyz' ? connected && !nc.isClosed() : undefined;
    response.writeHead(up === undefined ? 404 : up ? 200 : 503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: up === undefined ? 'not found' : up ? 'ok' : 'down' }));
  });
  return server.listen(port);
}
