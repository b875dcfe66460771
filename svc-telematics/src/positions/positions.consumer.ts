import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { gpsConsumerName, gpsStreamName, type GpsEnvelope } from '@tms/contracts';
import { config } from '@tms/service-kit';
import { JetStreamConnection } from '../jetstream/jetstream.module.js';
import { telematicsConfig } from '../telematics-config.js';
import { PositionsWriter } from './positions.writer.js';

/** How long a batch waits for more messages before it is written anyway. */
const LINGER_MS = 20;
/** When Postgres cannot take a batch, its messages come back this much later. */
const RETRY_DELAY_MS = 2000;

const decoder = new TextDecoder();

/**
 * Consumes the GPS stream through a durable consumer shared by every replica, writing messages to Postgres in
 * batches; a message is acknowledged only after its batch is committed, so a crash or a Postgres outage loses
 * nothing: unacknowledged messages are delivered again, and writing one twice changes nothing.
 */
@Injectable()
export class PositionsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PositionsConsumer');
  private messages?: ConsumerMessages;
  private pending: JsMsg[] = [];
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
      max_ack_pending: 4 * telematicsConfig.consumerBatch,
      max_deliver: -1,
    });
    const consumer = await jetstream(nc).consumers.get(stream, gpsConsumerName);
    this.messages = await consumer.consume({ max_messages: 2 * telematicsConfig.consumerBatch });
    void (async () => {
      for await (const message of this.messages!) this.take(message);
    })().catch((error: unknown) => this.logger.error(`The GPS stream stopped: ${String(error)}`));
    this.logger.log(`Consuming ${stream} in batches of up to ${telematicsConfig.consumerBatch}`);
  }

  async onApplicationShutdown() {
    clearTimeout(this.timer);
    await this.messages?.close();
    this.flush();
    await this.writing;
  }

  private take(message: JsMsg) {
    this.pending.push(message);
    if (this.pending.length >= telematicsConfig.consumerBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), LINGER_MS);
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    if (batch.length) this.writing = this.writing.then(() => this.write(batch));
  }

  private async write(batch: JsMsg[]) {
    const envelopes: GpsEnvelope[] = [];
    const readable: JsMsg[] = [];
    for (const message of batch) {
      try {
        envelopes.push(JSON.parse(decoder.decode(message.data)) as GpsEnvelope);
        readable.push(message);
      } catch {
        this.logger.error(`Stream message ${message.seq} is not a GPS envelope: dropped`);
        message.term();
      }
    }
    try {
      await this.writer.write(envelopes);
      for (const message of readable) message.ack();
    } catch (error) {
      this.logger.warn(`Writing ${envelopes.length} messages failed, retrying in ${RETRY_DELAY_MS} ms: ${error instanceof Error ? error.message : String(error)}`);
      for (const message of readable) message.nak(RETRY_DELAY_MS);
    }
  }
}
