import { Module, type DynamicModule } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { config } from './config.js';
import { ReferenceHolds } from './reference-holds.js';
import { ServiceReplyDeserializer } from './reply-serializer.js';
import { SERVICE_REQUESTS_CLIENT, ServiceRequests } from './service-requests.js';

@Module({})
class ServiceRequestsModule {}

/**
 * ServiceRequests, and ReferenceHolds which asks svc-core through it, for every module of a service (imported once,
 * in its AppModule). Its NATS client connects on first use and reconnects, so a service starts before the ones it
 * asks.
 */
export const serviceRequestsModule = (): DynamicModule => ({
  module: ServiceRequestsModule,
  global: true,
  imports: [
    ClientsModule.register([
      {
        name: SERVICE_REQUESTS_CLIENT,
        transport: Transport.NATS,
        options: {
          servers: config.natsUrl,
          deserializer: new ServiceReplyDeserializer(),
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1000,
        },
      },
    ]),
  ],
  providers: [ServiceRequests, ReferenceHolds],
  exports: [ServiceRequests, ReferenceHolds],
});
