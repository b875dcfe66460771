import { Logger } from '@nestjs/common';
import { NatsResponseJSONDeserializer } from '@nestjs/microservices/deserializers/nats-response-json.deserializer.js';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer.js';
import { headers, type Msg } from '@nats-io/transport-node';
import { fail, LIST_NEXT_HEADER, LIST_PAGE_HEADER, type ListPage } from '@tms/contracts';

/** The largest message NATS takes: its default max_payload until the service's connection reports its own. */
export const natsLimits = { maxPayload: 1024 * 1024 };

/** Room left for the reply's headers (a list cursor among them) and NATS's framing. */
export const REPLY_HEADROOM = 8 * 1024;

interface ReplyPacket {
  id?: string;
  response?: unknown;
  isDisposed?: boolean;
  [key: string]: unknown;
}

/** An `ok` reply whose data is a list page (its rows as bytes), which travels bare rather than in the envelope. */
function listPageOf(response: unknown): ListPage | undefined {
  const { ok, data } = (response ?? {}) as { ok?: unknown; data?: Partial<ListPage> };
  return ok === true && data?.rows instanceof Uint8Array ? (data as ListPage) : undefined;
}

/**
 * Serializes a service's replies. A list page is sent as its bare rows with its cursor in a header (ListPage).
 * A reply that NATS would refuse (larger than max_payload) is replaced by an 'undeliverable' error: without it the
 * reply is dropped with a log line, and the caller waits its whole timeout to blame the service's availability.
 */
export class DeliverableReplySerializer extends NatsRecordSerializer {
  private readonly logger = new Logger('Replies');

  override serialize(packet: ReplyPacket) {
    const page = listPageOf(packet.response);
    const serialized = page ? this.listPage(packet, page) : super.serialize(packet);
    const size = typeof serialized.data === 'string' ? Buffer.byteLength(serialized.data) : serialized.data.byteLength;
    if (size <= natsLimits.maxPayload - REPLY_HEADROOM) return serialized;
    this.logger.error(`A reply of ${size} bytes is over NATS's max_payload (${natsLimits.maxPayload}): answered 'undeliverable' instead`);
    return super.serialize({ id: packet.id, isDisposed: true, response: fail('undeliverable', 'The answer is too large to send') });
  }

  private listPage(packet: ReplyPacket, page: ListPage) {
    const marks = headers();
    marks.set(LIST_PAGE_HEADER, packet.id ?? '');
    if (page.next !== null) marks.set(LIST_NEXT_HEADER, page.next);
    return { data: page.rows, headers: marks };
  }
}

/**
 * Reads services' replies for a NATS client (the gateway's, a service calling another): the JSON envelope, or a
 * list page sent bare by DeliverableReplySerializer, given back as the `ok` reply it stands for.
 */
export class ServiceReplyDeserializer extends NatsResponseJSONDeserializer {
  override deserialize(message: Msg, options?: Record<string, unknown>) {
    const id = message.headers?.get(LIST_PAGE_HEADER);
    if (!id) return super.deserialize(message, options);
    const next = message.headers?.get(LIST_NEXT_HEADER) || null;
    return { id, isDisposed: true, response: { ok: true, data: { rows: message.data, next } satisfies ListPage } };
  }
}
