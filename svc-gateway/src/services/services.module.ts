import { Module } from '@nestjs/common';
import { ClientsModule, Transport } from '@nestjs/microservices';
import { ServiceReplyDeserializer } from '@tms/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { RequestSerializer } from './request-serializer.js';
import { NATS_CLIENT, ServiceClient } from './service-client.js';

/** The gateway's NATS client (connected on first use, so the gateway starts before NATS or any service). */
@Module({
  imports: [
    ClientsModule.registerAsync([
      {
        name: NATS_CLIENT,
        inject: [GATEWAY_CONFIG],
        useFactory: (config: GatewayConfig) => ({
          transport: Transport.NATS,
          options: {
            servers: config.natsUrl,
            name: 'svc-gateway',
            maxReconnectAttempts: -1,
            reconnectTimeWait: 1000,
            serializer: new RequestSerializer(),
            deserializer: new ServiceReplyDeserializer(),
          },
        }),
      },
    ]),
  ],
  providers: [ServiceClient],
  exports: [ServiceClient],
})
export class ServicesModule {}
