import { Global, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { KV } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ensureGpsDeadLetterStream, ensureGpsStream, openDeviceGrants } from '@tms/gps-stream';
import { config } from '@tms/service-kit';
import { telematicsConfig } from '../telematics-config.js';

/** The service's own NATS connection for JetStream (the streams of positions and dead letters, the bucket of device grants). */
@Injectable()
export class JetStreamConnection implements OnApplicationShutdown {
  private readonly logger = new Logger('JetStream');
  private constructor(
    readonly nc: NatsConnection,
    readonly grants: KV,
  ) {}

  static async open(): Promise<JetStreamConnection> {
    const nc = await connect({ servers: config.natsUrl, name: 'svc-telematics-jetstream', maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
    await ensureGpsStream(nc, config.subjectRoot);
    // Refused positions are kept as long as stored ones.
    await ensureGpsDeadLetterStream(nc, config.subjectRoot, telematicsConfig.retentionDays * 24 * 60 * 60 * 1000);
    return new JetStreamConnection(nc, await openDeviceGrants(nc, config.subjectRoot));
  }

  async onApplicationShutdown() {
    await this.nc.drain().catch((error: unknown) => this.logger.warn(`Closing JetStream: ${String(error)}`));
  }
}

@Global()
@Module({
  providers: [{ provide: JetStreamConnection, useFactory: () => JetStreamConnection.open() }],
  exports: [JetStreamConnection],
})
export class JetStreamModule {}
