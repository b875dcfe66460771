import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers } from '@nats-io/transport-node';
import { ACTOR_HEADER, DEADLINE_HEADER, fail, invalidInput, rpcSubject, SOMETHING_WENT_WRONG, type Actor, type RpcReply, type ServiceName } from '@tms/contracts';
import { firstValueFrom, timeout } from 'rxjs';
import { config, wholeNumberSetting } from '../config.js';
import { sendObserved } from '../observe/observed-requests.js';

/** The injection token of the NATS client a service asks other services with. */
export const SERVICE_REQUESTS_CLIENT = 'SERVICE_REQUESTS_CLIENT';

/**
 * How long a service waits for another before it gives up and answers 'unavailable': well inside the gateway's
 * own wait (SERVICE_TIMEOUT_MS, 4.5 s), so the user hears 503 from the gateway about the service they called, in
 * bounded time, and never a change made behind a 503.
 */
export const DEFAULT_SERVICE_REQUEST_TIMEOUT_MS = 2000;
const requestTimeoutMs = () => wholeNumberSetting('SERVICE_REQUEST_TIMEOUT_MS', { fallback: DEFAULT_SERVICE_REQUEST_TIMEOUT_MS });

/** A record of another service that a payload names in `field`: `message` shows under the field when it is missing. */
export interface RemoteReference {
  field: string;
  service: ServiceName;
  /** The other service's resource, as in `{root}.{service}.{resource}.get`: 'loads', 'customers'. */
  resource: string;
  id: string | null | undefined;
  message: string;
}

/** Service-to-service replies are RpcReplies; anything else means the other service is broken. */
function isRpcReply(value: unknown): value is RpcReply<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const reply = value as { ok?: unknown; error?: { code?: unknown } };
  return reply.ok === true || (reply.ok === false && typeof reply.error?.code === 'string');
}

/**
 * The one way a service asks another over NATS (the gateway's ServiceClient, for services): a request on
 * `{root}.{service}.{resource}.{action}` with a deadline header and a timeout — `ClientProxy.send` never times out
 * by itself (nest #837) — answered as an RpcReply, never thrown: not answering in time, having no responder or
 * NATS being down are all `unavailable`, which the gateway turns into 503.
 */
@Injectable()
export class ServiceRequests {
  private readonly logger = new Logger('ServiceRequests');

  constructor(@Inject(SERVICE_REQUESTS_CLIENT) private readonly client: ClientProxy) {}

  /** `actor`: the user a change the other service makes is made for (its audit trail's "who"). */
  async request<T>(service: ServiceName, resource: string, action: string, payload: unknown, timeoutMs = requestTimeoutMs(), actor?: Actor): Promise<RpcReply<T>> {
    const subject = rpcSubject(config.subjectRoot, service, resource, action);
    // The other service drops the request if it only gets to it after we have stopped waiting.
    const sent = headers();
    sent.set(DEADLINE_HEADER, String(Date.now() + timeoutMs));
    if (actor) sent.set(ACTOR_HEADER, JSON.stringify({ id: actor.id, email: actor.email }));
    const record = new NatsRecordBuilder(payload).setHeaders(sent).build();
    let raw: unknown;
    try {
      raw = await sendObserved(subject, sent, () => firstValueFrom(this.client.send<unknown>(subject, record).pipe(timeout({ first: timeoutMs }))));
    } catch (error) {
      this.logger.warn(`${subject}: the ${service} service did not answer (${error instanceof Error ? error.message : JSON.stringify(error)})`);
      return fail('unavailable', `The ${service} service is not available. Please try again shortly.`);
    }
    if (isRpcReply(raw)) return raw as RpcReply<T>;
    this.logger.error(`${subject}: the ${service} service did not answer an RpcReply`);
    return fail('internal', SOMETHING_WENT_WRONG);
  }

  /** One record of another service by id (`{root}.{service}.{resource}.get`). */
  get<T>(service: ServiceName, resource: string, id: string): Promise<RpcReply<T>> {
    return this.request<T>(service, resource, 'get', { id });
  }

  /**
   * The references of a payload to other services' records, asked for together: those that name no record are
   * refused with a message under each field (400); when another service cannot say (down, too slow), the answer is
   * its failure (503), so that nothing is written on a reference nobody checked. Empty references are not asked for.
   */
  async refuseMissing(references: RemoteReference[]): Promise<RpcReply<never> | undefined> {
    const asked = references.filter((reference): reference is RemoteReference & { id: string } => Boolean(reference.id));
    const replies = await Promise.all(asked.map(({ service, resource, id }) => this.get(service, resource, id)));
    const failure = replies.find((reply) => !reply.ok && reply.error.code !== 'not_found');
    if (failure && !failure.ok) return fail(failure.error.code, failure.error.message);
    const issues: Record<string, string[]> = {};
    asked.forEach(({ field, message }, index) => {
      if (!replies[index].ok) issues[field] = [message];
    });
    return Object.keys(issues).length ? invalidInput(issues) : undefined;
  }
}
