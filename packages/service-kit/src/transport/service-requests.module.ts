import { Module, type DynamicModule } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { NATS_CONNECTION, SharedConnectionClient } from './nats-connection.js';
import { ReferenceHolds } from '../references/reference-holds.js';
import { ServiceReplyDeserializer } from './reply-serializer.js';
import { SERVICE_REQUESTS_CLIENT, ServiceRequests } from './service-requests.js';

@Module({})
class ServiceRequestsModule {}

/**
 * ServiceRequests, and ReferenceHolds which asks svc-core through it, for every module of a service (imported once,
 * in its AppModule). It asks on the process's NATS connection, which reconnects, so a service starts before the
 * ones it asks.
 */
export const serviceRequestsModule = (): DynamicModule => ({
  module: ServiceRequestsModule,
  global: true,
  providers: [
    {
      provide: SERVICE_REQUESTS_CLIENT,
      useFactory: (connection: NatsConnection) => new SharedConnectionClient(connection, { deserializer: new ServiceReplyDeserializer() }),
      inject: [NATS_CONNECTION],
    },
    ServiceRequests,
    ReferenceHolds,
  ],
  exports: [ServiceRequests, ReferenceHolds],
});
