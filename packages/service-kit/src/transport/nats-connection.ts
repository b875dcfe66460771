import { Global, Inject, Injectable, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ClientNats, ServerNats, type ClientProxy, type NatsContext, type NatsOptions } from '@nestjs/microservices';
import { connect, type Msg, type NatsConnection, type Subscription, type SubscriptionOptions } from '@nats-io/transport-node';
import { eventSubject, type EventKind } from '@tms/contracts';
import { config } from '../config.js';
import { outcomeOf, serveObserved } from '../observe/observed-requests.js';
import { outsideRequests } from '../observe/request-id.js';
import type { SharedNats } from './object-bucket.js';

/** The injection token of the process's one NATS connection (natsConnectionModule). */
export const NATS_CONNECTION = 'NATS_CONNECTION';

/** The injection token of the Nest client a service publishes its events with, on that connection. */
export const EVENTS = 'EVENTS';

/**
 * Announces a change of a record (`{root}.events.{entity}.{change}`), or what happened to it (a stop arrived at), on
 * EVENTS for whoever needs it; an event that cannot be sent never fails the write.
 */
export function announceChange(events: ClientProxy, entity: string, change: EventKind, record: unknown) {
  events.emit(eventSubject(config.subjectRoot, entity, change), record).subscribe({ error: () => undefined });
}

type NestNatsOptions = Required<NatsOptions>['options'];

/** How long a stopping service waits for the requests it holds: past the gateway's own wait nobody hears the answer. */
export const HELD_REQUESTS_WAIT_MS = 5000;

/**
 * Nest's NATS transport (a service's message handlers) on the process's connection rather than one of its own.
 * Closing it drains its subscriptions (what NATS already sent this replica is still handled, nothing new comes: the
 * other replicas of the queue group get it) and waits for the requests it holds to be answered, so a replica that is
 * told to stop costs no request. The connection stays up for the modules' own shutdown work, and
 * natsConnectionModule drains it last. Each message is handled as a part of the caller's request (its id and trace
 * context from the headers) and timed until its answer goes out.
 */
export class SharedConnectionServer extends ServerNats {
  private readonly handlerSubscriptions: Subscription[] = [];
  /** Messages being handled: a request until its last reply is published, an event until its handler is done. */
  private readonly inFlight = new Set<Msg>();
  private whenIdle?: () => void;
  private readonly served = new WeakMap<Msg, ReturnType<typeof serveObserved>>();

  constructor(
    options: NestNatsOptions,
    private readonly connection: () => NatsConnection,
    private readonly heldRequestsWaitMs = HELD_REQUESTS_WAIT_MS,
  ) {
    super(options);
  }

  override async createNatsClient() {
    return this.connection();
  }

  override bindEvents(client: NatsConnection) {
    super.bindEvents({
      subscribe: (subject: string, options?: SubscriptionOptions) => {
        const subscription = client.subscribe(subject, options);
        this.handlerSubscriptions.push(subscription);
        return subscription;
      },
    });
  }

  override async handleMessage(channel: string, message: Msg) {
    this.inFlight.add(message);
    const served = serveObserved(channel, message.headers);
    this.served.set(message, served);
    try {
      await served.run(() => super.handleMessage(channel, message));
      if (!message.reply) this.settle(message);
    } catch (error) {
      this.settle(message);
      throw error;
    } finally {
      // An event has no answer to wait for.
      if (!message.reply) served.finish('ok');
    }
  }

  override getPublisher(message: Msg, id: string, context: NatsContext) {
    const publish = super.getPublisher(message, id, context);
    const served = this.served.get(message);
    // The first packet is the answer (or the failure); finish() counts only the first.
    return (packet: { err?: unknown; response?: unknown; isDisposed?: boolean }) => {
      served?.finish(outcomeOf(packet));
      try {
        return publish(packet);
      } finally {
        if (packet.isDisposed) this.settle(message);
      }
    };
  }

  private settle(message: Msg) {
    this.inFlight.delete(message);
    if (this.inFlight.size === 0) this.whenIdle?.();
  }

  override async close() {
    await Promise.all(this.handlerSubscriptions.splice(0).map((subscription) => subscription.drain().catch(() => undefined)));
    if (this.inFlight.size === 0 || this.heldRequestsWaitMs === 0) return;
    await new Promise<void>((resolve) => {
      this.whenIdle = resolve;
      setTimeout(resolve, this.heldRequestsWaitMs).unref();
    });
  }
}

/**
 * A Nest client (`send`, `emit`) on the process's connection. Closing it fails its requests still waiting, and
 * leaves the connection to natsConnectionModule.
 */
export class SharedConnectionClient extends ClientNats {
  constructor(
    private readonly connection: SharedNats,
    options: NestNatsOptions = {},
  ) {
    // Replies come on the part's own inbox prefix, the only one its NATS user may read.
    super({ inboxPrefix: config.natsConnectOptions.inboxPrefix, ...options });
  }

  override async createClient() {
    return this.connection;
  }

  /** Made on the first request: what it starts (Nest's watcher of the connection's status) is no request's. */
  override connect() {
    return outsideRequests(() => super.connect());
  }

  override async close() {
    this.handleClose();
    this.natsClient = null;
    this.connectionPromise = null;
  }
}

/** Drains the connection at the very end of the shutdown, after every module has done its own NATS work. */
@Injectable()
class NatsConnectionDrain implements OnApplicationShutdown {
  private readonly logger = new Logger('NATS');

  constructor(@Inject(NATS_CONNECTION) private readonly connection: NatsConnection) {}

  async onApplicationShutdown() {
    if (this.connection.isClosed()) return;
    await this.connection.drain().catch((error: unknown) => this.logger.warn(`Closing the NATS connection: ${String(error)}`));
  }
}

@Global()
@Module({})
class NatsConnectionModule {}

/**
 * The process's one NATS connection (NATS_CONNECTION), opened at start-up with config.natsConnectOptions under `name`
 * (as NATS monitoring shows it), reconnecting without end, drained on shutdown; and EVENTS, the client for events on
 * it.
 * Everything of a service that speaks NATS uses it: the transport (createService), requests to other services,
 * events, object store buckets, JetStream. Global, and imported first by createService, so that its shutdown comes
 * after every other module's.
 */
export const natsConnectionModule = (name: string): DynamicModule => ({
  module: NatsConnectionModule,
  providers: [
    { provide: NATS_CONNECTION, useFactory: () => connect({ ...config.natsConnectOptions, name, maxReconnectAttempts: -1, reconnectTimeWait: 1000 }) },
    { provide: EVENTS, useFactory: (connection: NatsConnection) => new SharedConnectionClient(connection), inject: [NATS_CONNECTION] },
    NatsConnectionDrain,
  ],
  exports: [NATS_CONNECTION, EVENTS],
});
