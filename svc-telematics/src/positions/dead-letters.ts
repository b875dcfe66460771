import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { headers, type Subscription } from '@nats-io/transport-node';
import { gpsConsumerName, gpsDeadLetterStreamName, gpsDeadLetterSubject, gpsStreams } from '@tms/contracts';
import { gpsMetrics } from '@tms/gps-stream';
import { config } from '@tms/service-kit';
import { GpsJetStream } from '../jetstream/jetstream.module.js';

/** Something set apart: a refused position (as an envelope of one) or a stream message that could not be read. */
export interface DeadLetter {
  data: Uint8Array;
  reason: string;
  /** Where it came from, for the log and as its message id (published twice after a retry, it is kept once). */
  origin: string;
}

const encoder = new TextEncoder();

/**
 * The GPS dead-letter stream (gpsDeadLetterSubject): what Postgres refuses goes there, with its reason in the
 * `Tms-Dead-Letter-Reason` header, so that it never holds back the positions behind it; the health answer counts it.
 * It also takes a stream message delivered as often as the consumer allows (max_deliver) without being written:
 * JetStream then stops delivering it and says so in an advisory.
 */
@Injectable()
export class DeadLetters implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DeadLetters');
  private readonly subject = gpsDeadLetterSubject(config.subjectRoot);
  private jsm?: JetStreamManager;
  private readonly advisories: Subscription[] = [];

  constructor(private readonly gps: GpsJetStream) {}

  async onApplicationBootstrap() {
    const { nc } = this.gps;
    this.jsm = await jetstreamManager(nc);
    for (const { name: stream } of gpsStreams(config.subjectRoot)) {
      // In svc-telematics's queue group: one replica takes each advisory.
      this.advisories.push(
        nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${gpsConsumerName}`, {
          queue: gpsConsumerName,
          callback: (error, message) => {
            if (!error) void this.takeUndelivered(stream, message.json()).catch((failure: unknown) => this.logger.warn(`Max deliveries: ${String(failure)}`));
          },
        }),
      );
    }
  }

  onApplicationShutdown() {
    this.advisories.forEach((advisories) => advisories.unsubscribe());
  }

  /** Publishes each letter and waits for JetStream to store it: it may then leave the GPS stream. */
  async publish(letters: DeadLetter[]) {
    const js = jetstream(this.gps.nc);
    for (const { data, reason, origin } of letters) {
      const header = headers();
      header.set('Tms-Dead-Letter-Reason', reason.replace(/[\r\n]+/g, ' '));
      await js.publish(this.subject, data, { msgID: `gps-${origin}`, headers: header });
      gpsMetrics.deadLettered.inc();
      this.logger.warn(`Set apart ${origin} (${data.length} bytes): ${reason}`);
    }
  }

  /** How many letters the stream holds: positions refused, and stream messages never written. */
  async count(): Promise<number> {
    this.jsm ??= await jetstreamManager(this.gps.nc);
    return (await this.jsm.streams.info(gpsDeadLetterStreamName(config.subjectRoot))).state.messages;
  }

  private async takeUndelivered(stream: string, advisory: { stream_seq: number; deliveries: number }) {
    const stored = await this.jsm!.streams.getMessage(stream, { seq: advisory.stream_seq });
    if (!stored) return; // written and acknowledged after all
    const reason = `delivered ${advisory.deliveries} times without being written`;
    await this.publish([{ data: stored.data, reason, origin: streamMessage(stream, advisory.stream_seq) }]);
    await this.jsm!.streams.deleteMessage(stream, advisory.stream_seq);
  }
}

/** Where a letter came from: its GPS stream and sequence there (two streams number their messages alike). */
export const streamMessage = (stream: string, seq: number) => `${stream} message ${seq}`;

/** A refused position's letter: its envelope of one, readable and publishable to the GPS stream again once fixed. */
export const refusedLetter = (envelope: unknown, reason: string, origin: string): DeadLetter => ({
  data: encoder.encode(JSON.stringify(envelope)),
  reason,
  origin,
});
