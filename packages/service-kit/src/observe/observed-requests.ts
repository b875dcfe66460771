import { performance } from 'node:perf_hooks';
import type { MsgHdrs } from '@nats-io/transport-node';
import { natsRequestDuration } from './metrics.js';
import { logForRequest } from './observe.js';
import { currentRequestId, inRequest, REQUEST_ID_HEADER } from './request-id.js';
import { receiveSpan, sendSpan, SpanStatusCode, tracing, traceContext } from './tracing.js';

/**
 * Sends a NATS request as a part of request `id` (REQUEST_ID_HEADER in `sent`) and, with tracing on, of the active
 * span (its trace context in `sent`). The gateway's ServiceClient gives its request's id; a service's
 * ServiceRequests sends as a part of the request it is serving.
 */
export function sendObserved<T>(subject: string, sent: MsgHdrs, send: () => Promise<T>, id = currentRequestId()): Promise<T> {
  if (id) sent.set(REQUEST_ID_HEADER, id);
  return tracing.on ? sendSpan(subject, sent, send) : send();
}

/** What a service's answer says of how it went: 'ok', the RpcReply's error code, or 'failed' (a thrown handler). */
export function outcomeOf(packet: { err?: unknown; response?: unknown }): string {
  if (packet.err !== undefined && packet.err !== null) return 'failed';
  const reply = packet.response as { ok?: unknown; error?: { code?: unknown } } | undefined;
  return reply?.ok === false && typeof reply.error?.code === 'string' ? reply.error.code : 'ok';
}

/**
 * A NATS request a service serves: run() runs its handler as a part of the caller's request (its id in every log
 * line, its span a child of the caller's), finish() records its duration and outcome once its answer goes out.
 */
export function serveObserved(subject: string, received: MsgHdrs | undefined) {
  const started = performance.now();
  const id = received?.get(REQUEST_ID_HEADER) || undefined;
  const traced = tracing.on ? receiveSpan(subject, received) : undefined;
  let finished = false;
  return {
    run<T>(work: () => T): T {
      const traceWork = traced ? () => traceContext.with(traced.context, work) : work;
      return id ? inRequest(id, traceWork) : traceWork();
    },
    finish(outcome: string) {
      if (finished) return;
      finished = true;
      const seconds = (performance.now() - started) / 1000;
      natsRequestDuration.observe({ subject, outcome }, seconds);
      if (traced) {
        traced.span.setAttribute('tms.outcome', outcome);
        if (outcome !== 'ok') traced.span.setStatus({ code: SpanStatusCode.ERROR });
        traced.span.end();
      }
      logForRequest('debug', 'NATS', id, () => `${subject} answered ${outcome} in ${(seconds * 1000).toFixed(1)} ms`);
    },
  };
}
