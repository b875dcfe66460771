import { Global, Injectable, Module } from '@nestjs/common';
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { ensureGpsDeadLetterStream, ensureGpsStreams, openDeviceGrants } from '@tms/gps-stream';
import { config, NATS_CONNECTION } from '@tms/service-kit';
import { telematicsConfig } from '../telematics-config.js';

/**
 * svc-telematics's JetStream, on the process's NATS connection: the streams of positions (two) and dead letters, made sure
 * of at start-up before anything consumes them, and the bucket of device grants.
 */
@Injectable()
export class GpsJetStream {
  private constructor(
    readonly nc: NatsConnection,
    readonly grants: KV,
  ) {}

  static async open(nc: NatsConnection): Promise<GpsJetStream> {
    await ensureGpsStreams(nc, config.subjectRoot);
    // Refused positions are kept as long as stored ones.
    await ensureGpsDeadLetterStream(nc, config.subjectRoot, telematicsConfig.retentionDays * 24 * 60 * 60 * 1000);
    return new GpsJetStream(nc, await openDeviceGrants(nc, config.subjectRoot));
  }
}

@Global()
@Module({
  providers: [{ provide: GpsJetStream, useFactory: (nc: NatsConnection) => GpsJetStream.open(nc), inject: [NATS_CONNECTION] }],
  exports: [GpsJetStream],
})
export class JetStreamModule {}
