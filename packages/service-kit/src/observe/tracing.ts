import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type SpanOptions } from '@opentelemetry/api';
import type { MsgHdrs } from '@nats-io/transport-node';

/**
 * Whether spans are made: only when OTEL_EXPORTER_OTLP_ENDPOINT is set (observe() then starts the SDK). Otherwise no
 * span, context or header is made for them at all, so tracing costs nothing while it is off.
 */
export const tracing: { on: boolean; stop(): Promise<void> } = { on: false, stop: async () => undefined };

const tracer = () => trace.getTracer('tms');

/** The active context, to run a received request's work in its span. */
export { context as traceContext, SpanStatusCode };

/** W3C trace context (`traceparent`) in NATS message headers. */
const natsHeaderSetter = { set: (carrier: MsgHdrs, key: string, value: string) => carrier.set(key, value) };
const natsHeaderGetter = {
  get: (carrier: MsgHdrs | undefined, key: string) => carrier?.get(key) || undefined,
  keys: (carrier: MsgHdrs | undefined) => carrier?.keys() ?? [],
};

/** The span of what is being served here (the gateway's HTTP request), to name it once its route is known. */
export const activeSpan = (): Span | undefined => (tracing.on ? trace.getActiveSpan() : undefined);

/** Runs `work` in a span of its own, a child of the active one, ended (marked failed on a throw) when it settles. */
export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A NATS request about to be sent: its span (a child of the active one) and its trace context in `sent`. */
export function sendSpan<T>(subject: string, sent: MsgHdrs, send: () => Promise<T>): Promise<T> {
  return inSpan(`send ${subject}`, { kind: SpanKind.CLIENT, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } }, () => {
    propagation.inject(context.active(), sent, natsHeaderSetter);
    return send();
  });
}

/** A NATS request received: its span, a child of the sender's (from `received`), and the context to run it in. */
export function receiveSpan(subject: string, received: MsgHdrs | undefined): { span: Span; context: Context } {
  const parent = propagation.extract(ROOT_CONTEXT, received, natsHeaderGetter);
  const span = tracer().startSpan(subject, { kind: SpanKind.SERVER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } }, parent);
  return { span, context: trace.setSpan(parent, span) };
}
