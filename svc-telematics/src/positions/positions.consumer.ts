import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { gpsConsumerName, gpsStreams, type GpsEnvelope } from '@tms/contracts';
import { gpsMetrics, GpsStreamLeaders } from '@tms/gps-stream';
import { config } from '@tms/service-kit';
import { GpsJetStream } from '../jetstream/jetstream.module.js';
import { telematicsConfig } from '../telematics-config.js';
import { DeadLetters, refusedLetter, streamMessage } from './dead-letters.js';
import { PositionsWriter } from './positions.writer.js';
import { writeOrRefuse } from './refused-positions.js';

/**
 * How long a batch waits for more messages before it is written anyway: a transaction per 100 ms carries 5 times the
 * positions of one per 20 ms at the same rate, for a fifth of the commits (the screen reuses its answer for 1 s).
 */
const LINGER_MS = 100;
/** When Postgres cannot take a batch (it is down), the same batch is tried again this much later. */
const RETRY_DELAY_MS = 2000;
/**
 * Deliveries of a stream message at most. A message is delivered again only when svc-telematics stopped or crashed
 * holding it (an outage is waited out in process): one that crashes it every time is then set apart (DeadLetters).
 */
const MAX_DELIVER = 20;
/** How often the messages held (waiting for their batch, or for Postgres) are reported in progress to JetStream. */
const IN_PROGRESS_EVERY_MS = 10_000;

const decoder = new TextDecoder();
/** Stream messages fetched ahead of the writer: each may hold a few thousand positions. */
const FETCH_AHEAD = 200;

interface Pending {
  message: JsMsg;
  /** Undefined for a message that is no GPS envelopes: it is set apart. */
  envelopes?: GpsEnvelope[];
}

const isEnvelope = (value: unknown): value is GpsEnvelope =>
  typeof value === 'object' && value !== null && Array.isArray((value as GpsEnvelope).positions);

/** A message's envelopes: an array of requests' (a lone envelope is what releases before group publishing sent). */
function readEnvelopes(data: Uint8Array): GpsEnvelope[] | undefined {
  try {
    const parsed: unknown = JSON.parse(decoder.decode(data));
    const envelopes = Array.isArray(parsed) ? parsed : [parsed];
    return envelopes.every(isEnvelope) ? envelopes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Consumes the GPS streams (both: the gateway publishes to either) through a durable consumer on each, shared by
 * every replica, writing messages to Postgres in batches; a message is acknowledged only after its batch is
 * committed, so a crash or a Postgres outage loses nothing: unacknowledged messages are delivered again, and
 * writing one twice changes nothing. A position Postgres refuses is found by splitting its batch (writeOrRefuse) and
 * set apart in the dead-letter stream, with every other position written: one bad value never holds back the stream.
 * It also keeps the streams' leaders apart (GpsStreamLeaders).
 */
@Injectable()
export class PositionsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PositionsConsumer');
  private readonly messages: ConsumerMessages[] = [];
  private leaders?: GpsStreamLeaders;
  private pending: Pending[] = [];
  private pendingPositions = 0;
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  /** Messages taken and not yet acknowledged. */
  private readonly held = new Set<JsMsg>();
  private inProgressTimer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly gps: GpsJetStream,
    private readonly writer: PositionsWriter,
    private readonly deadLetters: DeadLetters,
  ) {}

  async onApplicationBootstrap() {
    const { nc } = this.gps;
    const jsm = await jetstreamManager(nc);
    const consumer = { ack_wait: nanos(30_000), max_ack_pending: 4 * FETCH_AHEAD, max_deliver: MAX_DELIVER };
    const streams = gpsStreams(config.subjectRoot).map(({ name }) => name);
    for (const stream of streams) {
      try {
        await jsm.consumers.add(stream, { durable_name: gpsConsumerName, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...consumer });
      } catch {
        // It exists with another configuration (an older release delivered without end): bring it to this one.
        await jsm.consumers.update(stream, gpsConsumerName, consumer);
      }
      const messages = await (await jetstream(nc).consumers.get(stream, gpsConsumerName)).consume({ max_messages: FETCH_AHEAD });
      this.messages.push(messages);
      void (async () => {
        for await (const message of messages) this.take(message);
      })().catch((error: unknown) => this.logger.error(`The GPS stream ${stream} stopped: ${String(error)}`));
    }
    this.inProgressTimer = setInterval(() => this.held.forEach((message) => message.working()), IN_PROGRESS_EVERY_MS);
    this.leaders = new GpsStreamLeaders(nc, config.subjectRoot, (message) => this.logger.log(message));
    this.leaders.start();
    this.logger.log(`Consuming ${streams.join(' and ')} in batches of about ${telematicsConfig.consumerBatch} positions`);
  }

  async onApplicationShutdown() {
    this.stopping = true;
    clearTimeout(this.timer);
    clearInterval(this.inProgressTimer);
    this.leaders?.stop();
    await Promise.all(this.messages.map((messages) => messages.close()));
    this.flush();
    await this.writing;
  }

  /** Reads a message's envelopes at once, so that a batch is bounded by the positions it holds. */
  private take(message: JsMsg) {
    const envelopes = readEnvelopes(message.data);
    this.held.add(message);
    this.pending.push({ message, envelopes });
    this.pendingPositions += envelopes?.reduce((sum, envelope) => sum + envelope.positions.length, 0) ?? 0;
    if (this.pendingPositions >= telematicsConfig.consumerBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), LINGER_MS);
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    this.pendingPositions = 0;
    if (batch.length) this.writing = this.writing.then(() => this.write(batch)).catch((error: unknown) => this.logger.error(`Settling a batch: ${String(error)}`));
  }

  /** Writes a batch, setting apart what Postgres refuses; while Postgres is away, tries again until it is back. */
  private async write(batch: Pending[]) {
    const readable = batch.flatMap(({ message, envelopes }) => (envelopes ? [{ message: streamMessage(message.info.stream, message.seq), envelopes }] : []));
    const unreadable = batch.flatMap(({ message, envelopes }) =>
      envelopes ? [] : [{ data: message.data, reason: 'not GPS envelopes', origin: streamMessage(message.info.stream, message.seq) }],
    );
    for (;;) {
      try {
        const refused = await writeOrRefuse(async (envelopes) => gpsMetrics.stored.inc(await this.writer.write(envelopes)), readable);
        const letters = refused.map(({ envelope, message, index, reason }) => refusedLetter(envelope, reason, `${message} position ${index}`));
        await this.deadLetters.publish([...unreadable, ...letters]);
        return this.settle(batch, (message) => message.ack());
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        if (this.stopping) return this.settle(batch, (message) => message.nak());
        this.logger.warn(`Writing ${batch.length} stream messages failed, retrying in ${RETRY_DELAY_MS} ms: ${why}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
  }

  private settle(batch: Pending[], answer: (message: JsMsg) => void) {
    for (const { message } of batch) {
      answer(message);
      this.held.delete(message);
    }
  }
}
