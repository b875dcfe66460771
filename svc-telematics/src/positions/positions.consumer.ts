import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { gpsConsumerName, gpsStreamName, type GpsEnvelope } from '@tms/contracts';
import { config } from '@tms/service-kit';
import { JetStreamConnection } from '../jetstream/jetstream.module.js';
import { telematicsConfig } from '../telematics-config.js';
import { PositionsWriter } from './positions.writer.js';

/**
 * How long a batch waits for more messages before it is written anyway: a transaction per 100 ms carries 5 times the
 * positions of one per 20 ms at the same rate, for a fifth of the commits (the screen reuses its answer for 1 s).
 */
const LINGER_MS = 100;
/** When Postgres cannot take a batch, its messages come back this much later. */
const RETRY_DELAY_MS = 2000;

const decoder = new TextDecoder();
/** Stream messages fetched ahead of the writer: each may hold a few thousand positions. */
const FETCH_AHEAD = 200;

interface Pending {
  message: JsMsg;
  envelopes: GpsEnvelope[];
}

/**
 * Consumes the GPS stream through a durable consumer shared by every replica, writing messages to Postgres in
 * batches; a message is acknowledged only after its batch is committed, so a crash or a Postgres outage loses
 * nothing: unacknowledged messages are delivered again, and writing one twice changes nothing.
 */
@Injectable()
export class PositionsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PositionsConsumer');
  private messages?: ConsumerMessages;
  private pending: Pending[] = [];
  private pendingPositions = 0;
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly jetstreamConnection: JetStreamConnection,
    private readonly writer: PositionsWriter,
  ) {}

  async onApplicationBootstrap() {
    const { nc } = this.jetstreamConnection;
    const stream = gpsStreamName(config.subjectRoot);
    const jsm = await jetstreamManager(nc);
    await jsm.consumers.add(stream, {
      durable_name: gpsConsumerName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      max_ack_pending: 4 * FETCH_AHEAD,
      max_deliver: -1,
    });
    const consumer = await jetstream(nc).consumers.get(stream, gpsConsumerName);
    this.messages = await consumer.consume({ max_messages: FETCH_AHEAD });
    void (async () => {
      for await (const message of this.messages!) this.take(message);
    })().catch((error: unknown) => this.logger.error(`The GPS stream stopped: ${String(error)}`));
    this.logger.log(`Consuming ${stream} in batches of about ${telematicsConfig.consumerBatch} positions`);
  }

  async onApplicationShutdown() {
    clearTimeout(this.timer);
    await this.messages?.close();
    this.flush();
    await this.writing;
  }

  /** Reads a message's envelopes at once, so that a batch is bounded by the positions it holds. */
  private take(message: JsMsg) {
    let envelopes: GpsEnvelope[];
    try {
      const parsed = JSON.parse(decoder.decode(message.data)) as GpsEnvelope[] | GpsEnvelope;
      // An array of requests' envelopes; a lone envelope is what releases before group publishing sent.
      envelopes = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      this.logger.error(`Stream message ${message.seq} is not GPS envelopes: dropped`);
      message.term();
      return;
    }
    this.pending.push({ message, envelopes });
    this.pendingPositions += envelopes.reduce((sum, envelope) => sum + envelope.positions.length, 0);
    if (this.pendingPositions >= telematicsConfig.consumerBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), LINGER_MS);
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    this.pendingPositions = 0;
    if (batch.length) this.writing = this.writing.then(() => this.write(batch));
  }

  private async write(batch: Pending[]) {
    const envelopes = batch.flatMap((pending) => pending.envelopes);
    const readable = batch.map((pending) => pending.message);
    try {
      await this.writer.write(envelopes);
      for (const message of readable) message.ack();
    } catch (error) {
      this.logger.warn(`Writing ${readable.length} stream messages failed, retrying in ${RETRY_DELAY_MS} ms: ${error instanceof Error ? error.message : String(error)}`);
      for (const message of readable) message.nak(RETRY_DELAY_MS);
    }
  }
}
