import { createRequire } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { wholeNumberSetting } from '../config.js';
import { tracing } from './tracing.js';

/** Probes and scrapes are not requests anybody follows. */
const UNTRACED_PATHS = new Set(['/metrics', '/livez', '/readyz', '/healthz']);

/**
 * OpenTelemetry for one part, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans of incoming and outgoing
 * HTTP (the gateway's requests) and of Postgres queries, with our own NATS spans (tracing.ts), exported in batches
 * over OTLP/HTTP to that endpoint (`/v1/traces`; OTEL_EXPORTER_OTLP_HEADERS and the other OTEL_* settings apply).
 */
export function startTracing(part: string) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': part }),
        // OTEL_BSP_SCHEDULE_DELAY (ms between exports, 5000 by default), as the OpenTelemetry specification names it.
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: wholeNumberSetting('OTEL_BSP_SCHEDULE_DELAY', { fallback: 5000 }) })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]) }),
      new PgInstrumentation(),
    ],
  });
  // The instrumentations patch a module when it is next required; http is already loaded (by the exporter, or an
  // ES import, which they do not see): require them once now, so every server and pool made later is traced.
  const require = createRequire(import.meta.url);
  for (const name of ['http', 'https', 'pg']) require(name);
  tracing.on = true;
  // Spans still in the batch are sent before the process exits.
  tracing.stop = () => provider.shutdown();
}
