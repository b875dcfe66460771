import { Logger } from '@nestjs/common';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer.js';
import { fail } from '@tms/contracts';

/** The largest message NATS takes: its default max_payload until the service's connection reports its own. */
export const natsLimits = { maxPayload: 1024 * 1024 };

/** Room left for the reply's headers and NATS's framing. */
const HEADROOM = 4 * 1024;

/**
 * Serializes a service's replies, and replaces one that NATS would refuse (larger than max_payload) by an
 * 'undeliverable' error: without it the reply is dropped with a log line, and the caller waits its whole timeout to
 * blame the service's availability.
 */
export class DeliverableReplySerializer extends NatsRecordSerializer {
  private readonly logger = new Logger('Replies');

  override serialize(packet: { id?: string; response?: unknown; [key: string]: unknown }) {
    const serialized = super.serialize(packet);
    const size = Buffer.byteLength(serialized.data);
    if (size <= natsLimits.maxPayload - HEADROOM) return serialized;
    this.logger.error(`A reply of ${size} bytes is over NATS's max_payload (${natsLimits.maxPayload}): answered 'undeliverable' instead`);
    return super.serialize({ id: packet.id, isDisposed: true, response: fail('undeliverable', 'The answer is too large to send') });
  }
}
