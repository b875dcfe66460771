import { collectDefaultMetrics, Histogram, register } from 'prom-client';

/**
 * The process's Prometheus metrics, served at /metrics on its HEALTH_PORT (health-checks.ts), never on a public
 * port. prom-client's default registry: a part's own series (the gateway's HTTP requests, GPS counts, svc-ai's
 * pool) are declared where they are counted and land here too.
 */
export const metricsRegistry = register;

let collectingDefaults = false;

/** Node's own series (CPU, memory, event loop lag, GC, handles), once per process. */
export function collectProcessMetrics() {
  if (collectingDefaults) return;
  collectingDefaults = true;
  collectDefaultMetrics();
}

/** Every NATS request a service answers: its subject and outcome ('ok', or the answer's error code, or 'failed'). */
export const natsRequestDuration = new Histogram({
  name: 'tms_nats_request_duration_seconds',
  help: 'NATS requests a service answered, by subject and outcome (ok, an error code of the answer, failed), in seconds',
  labelNames: ['subject', 'outcome'] as const,
});
