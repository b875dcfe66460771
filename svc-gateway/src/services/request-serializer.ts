import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer.js';

/** A request the gateway could not pack into a NATS message (JSON.stringify failed): it was never sent. */
export class RequestPackingError extends Error {
  override name = 'RequestPackingError';
}

/**
 * Nest's NATS serializer, whose failures say they happened while packing, so the gateway does not take them for a
 * service that is down.
 */
export class RequestSerializer extends NatsRecordSerializer {
  override serialize(packet: Parameters<NatsRecordSerializer['serialize']>[0]) {
    try {
      return super.serialize(packet);
    } catch (error) {
      throw new RequestPackingError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }
}
