import { Module } from '@nestjs/common';
import { ServiceReplyDeserializer, SharedConnectionClient } from '@tms/service-kit';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { RequestSerializer } from './request-serializer.js';
import { NATS_CLIENT, ServiceClient } from './service-client.js';

/** The one way to call a service: ServiceClient, over Nest's NATS client on the gateway's one connection. */
@Module({
  providers: [
    {
      provide: NATS_CLIENT,
      inject: [NATS_CONNECTION],
      useFactory: (nats: GatewayNats) =>
        new SharedConnectionClient(nats.connection(), { serializer: new RequestSerializer(), deserializer: new ServiceReplyDeserializer() }),
    },
    ServiceClient,
  ],
  exports: [ServiceClient],
})
export class ServicesModule {}
