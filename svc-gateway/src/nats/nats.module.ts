import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { config as shared } from '@tms/service-kit';

/** The injection token of the gateway's one NATS connection (a GatewayNats). */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/**
 * The gateway's one NATS connection, for everything in it that speaks NATS (the service client, GPS ingestion). It is
 * opened in the background: the gateway starts, and serves its pages, before NATS is there (a request that needs NATS
 * meanwhile answers 503). Once open, NATS's client reconnects by itself, forever.
 */
export class GatewayNats {
  private opened?: NatsConnection;
  private closing = false;

  constructor(private readonly opening: Promise<NatsConnection>) {
    opening.then(
      (nc) => (this.closing ? void nc.close() : (this.opened = nc)),
      (error: unknown) => new Logger('Nats').error(`Could not connect to NATS: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** The connection, once it is open. */
  connection(): Promise<NatsConnection> {
    return this.closing ? Promise.reject(new Error('The gateway is stopping: NATS is closed.')) : this.opening;
  }

  /** Drains the connection; one still waiting for NATS is closed should it open before the process ends. */
  async close() {
    this.closing = true;
    await this.opened?.drain().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: NATS_CONNECTION,
      useFactory: () =>
        new GatewayNats(
          connect({
            ...shared.natsConnectOptions,
            name: 'svc-gateway',
            waitOnFirstConnect: true,
            maxReconnectAttempts: -1,
            reconnectTimeWait: 1000,
            // No Error with the caller's stack made ahead of every request and publish in case it fails: a failure is
            // logged and answered 503 without it, and GPS ingestion publishes thousands a second.
            noAsyncTraces: true,
          }),
        ),
    },
  ],
  exports: [NATS_CONNECTION],
})
export class NatsModule implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nats: GatewayNats) {}

  /** Last of all (Nest runs every other part's destroy hooks before any shutdown hook): no part uses NATS any more. */
  async onApplicationShutdown() {
    await this.nats.close();
  }
}
