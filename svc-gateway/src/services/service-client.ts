import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers, InvalidArgumentError } from '@nats-io/transport-node';
import { ACTOR_HEADER, DEADLINE_HEADER, IDEMPOTENCY_KEY_HEADER, RPC_ERROR_CODES, type Actor, type RpcReply, type ServiceName } from '@tms/contracts';
import { logForRequest, sendObserved } from '@tms/service-kit';
import { firstValueFrom, timeout } from 'rxjs';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { httpError } from '../http/http-errors.js';
import { httpAnswerFor, requestNotSendable, serviceUnavailable } from './rpc-errors.js';
import { RequestPackingError } from './request-serializer.js';

/** The injection token of the gateway's NATS client. */
export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** Every service answers this shape; anything else is a broken service and becomes 'internal'. */
const rpcReplySchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.enum(RPC_ERROR_CODES),
      message: z.string(),
      issues: z.record(z.string(), z.array(z.string())).optional(),
    }),
  }),
]);

export interface CallOptions {
  /** How long to wait for the answer (SERVICE_TIMEOUT_MS unless given). */
  timeoutMs?: number;
  /** The signed-in user a change is made for: the service records it in its audit trail. */
  actor?: Actor;
  /** A create's Idempotency-Key, passed on to the owner (service-kit: CrudService.once). */
  idempotencyKey?: string;
  /** The id of the HTTP request this call serves (http/observed-requests.ts: RequestId), for the service's logs. */
  requestId?: string;
}

/**
 * The one way the gateway calls a service (STYLE.md): a NATS request with a timeout — `ClientProxy.send` never
 * times out by itself (nest #837) — whose RpcReply is turned into data or into the HTTP error its code maps to.
 */
@Injectable()
export class ServiceClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The subject root of this deployment (tests give each run its own). */
  get subjectRoot() {
    return this.config.subjectRoot;
  }

  /**
   * Sends a request and answers the reply's data, or throws the HttpException for its error: 503 when the
   * service does not answer in time, has no responder or NATS is down.
   */
  async call<T>(service: ServiceName, subject: string, payload: unknown, options: CallOptions = {}): Promise<T> {
    const outcome = await this.request(subject, payload, { ...options, timeoutMs: options.timeoutMs ?? this.config.serviceTimeoutMs });
    const log = (level: 'warn' | 'error', message: string) => logForRequest(level, ServiceClient.name, options.requestId, () => `${subject}: ${message}`);
    if ('failure' in outcome) {
      if (outcome.failure === 'not_sendable') {
        log('warn', `the request could not be sent (${outcome.detail})`);
        throw httpError(requestNotSendable(outcome.detail));
      }
      if (outcome.failure === 'unavailable') {
        log('warn', `${service} is not available (${outcome.detail})`);
        throw httpError(serviceUnavailable(service));
      }
      log('error', `${service} did not answer an RpcReply (${outcome.detail})`);
      throw httpError(httpAnswerFor({ code: 'internal', message: '' }, service));
    }
    const { reply } = outcome;
    if (reply.ok) return reply.data as T;
    if (reply.error.code === 'internal') log('warn', `${service} answered internal: ${reply.error.message}`);
    throw httpError(httpAnswerFor(reply.error, service));
  }

  /**
   * A service's health answer when it answers `ok: true` in time, else undefined (health checks: no log, down is an
   * answer).
   */
  async health(subject: string, timeoutMs: number): Promise<Record<string, unknown> | undefined> {
    const outcome = await this.request(subject, {}, { timeoutMs });
    if (!('reply' in outcome) || !outcome.reply.ok) return undefined;
    const { data } = outcome.reply;
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  }

  private async request(
    subject: string,
    payload: unknown,
    { timeoutMs, actor, idempotencyKey, requestId }: CallOptions & { timeoutMs: number },
  ): Promise<{ reply: RpcReply<unknown> } | { failure: 'not_sendable' | 'unavailable' | 'broken'; detail: string }> {
    let raw: unknown;
    // The service drops the request if it only gets to it after we have stopped waiting.
    const sent = headers();
    sent.set(DEADLINE_HEADER, String(Date.now() + timeoutMs));
    if (actor) sent.set(ACTOR_HEADER, JSON.stringify({ id: actor.id, email: actor.email }));
    if (idempotencyKey) sent.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    const record = new NatsRecordBuilder(payload).setHeaders(sent).build();
    try {
      raw = await sendObserved(subject, sent, () => firstValueFrom(this.nats.send<unknown>(subject, record).pipe(timeout({ first: timeoutMs }))), requestId);
    } catch (error) {
      // A request that could not be packed or is over max_payload never left: the service is not to blame.
      if (isPackingFailure(error)) return { failure: 'not_sendable', detail: describe(error) };
      // A Nest handler that threw instead of answering an RpcReply (nest #6496) is a broken service.
      return { failure: isTransportFailure(error) ? 'unavailable' : 'broken', detail: describe(error) };
    }
    const parsed = rpcReplySchema.safeParse(raw);
    if (!parsed.success) return { failure: 'broken', detail: 'not an RpcReply' };
    return { reply: parsed.data as RpcReply<unknown> };
  }
}

/** NATS refuses to publish a payload over max_payload with an InvalidArgumentError, before anything is sent. */
function isPackingFailure(error: unknown): boolean {
  return error instanceof RequestPackingError || (error instanceof InvalidArgumentError && /max_payload/.test(error.message));
}

/**
 * Errors of the way to the service (timeout, no responders, NATS unreachable or closed) are Error instances or
 * strings; a remote Nest handler's own failure arrives as a plain `{ status, message }` object.
 */
function isTransportFailure(error: unknown): boolean {
  return error instanceof Error || typeof error === 'string';
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
