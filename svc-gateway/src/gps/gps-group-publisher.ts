import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { GpsEnvelope } from '@tms/contracts';

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Group {
  parts: string[];
  bytes: number;
  waiters: Waiter[];
  /** Its turn came while MAX_IN_FLIGHT publishes were waiting: it goes as soon as one of them is answered. */
  deferred: boolean;
}

/** How long one publish waits for JetStream's acknowledgement before it is sent again, to the other stream. */
const ATTEMPT_TIMEOUT_MS = 2000;
/** How long a group is tried, across the streams, before its requests are told to retry (a clear 503, not a hang). */
const PUBLISH_DEADLINE_MS = 5000;
/** The pause before trying again once every stream has just refused (each electing a leader). */
const ALL_REFUSED_PAUSE_MS = 200;
/**
 * Publishes waiting for their acknowledgement at once. A group whose turn comes while this many wait keeps growing
 * until one is answered (a group commit's rhythm); when the load is light, nothing waits and a group goes at once.
 * Under bench/gps-profile's load this took 14% less of the machine's CPU a request and a lower p99 than sending every
 * group at once (README: Speed of the device path).
 */
const MAX_IN_FLIGHT = 2;
/** The longest a group waits for its turn: a stream slow to answer never holds a request back longer than this. */
const MAX_TURN_WAIT_MS = 20;

/**
 * Publishes GPS envelopes to the GPS streams in groups (a group commit): the envelopes of every request that arrives
 * in one turn of the event loop travel together, as a JSON array, in one stream message. Each request still waits for
 * JetStream's acknowledgement of the message that holds it, so a 202 still means stored, and a request's positions
 * are stored together or not at all. JetStream then stores one message for many requests instead of one each,
 * which is what lets a gateway take thousands of devices. A position resent by a retrying device is stored once
 * all the same: svc-telematics keys positions by device, ids and timestamp.
 *
 * Groups go to one stream while it takes them; a refusal (its leader's server lost: no responders until a new leader
 * is elected, 4 to 9 s) or a missing acknowledgement sends the group to the other stream at once, and later groups
 * with it. A group sent again to the same stream carries the same message id, so JetStream keeps it once; one stored
 * in both streams is stored once in Postgres (above).
 */
export class GpsGroupPublisher {
  private group?: Group;
  /** The stream groups go to now (an index of `subjects`). */
  private current = 0;
  /** Publishes sent and not yet answered (stored, or given up). */
  private inFlight = 0;
  /** Sends a deferred group that waited MAX_TURN_WAIT_MS. */
  private turnTimer?: NodeJS.Timeout;

  /**
   * @param subjects the GPS streams' subjects (gpsStreams).
   * @param maxBytes a group's size before it is sent at once: well under NATS's max_payload (an envelope larger on
   *   its own still goes, alone; /api's body limit keeps it under max_payload).
   */
  constructor(
    private readonly js: JetStreamClient,
    private readonly subjects: string[],
    private readonly maxBytes: number,
  ) {}

  /** Resolves once JetStream has stored the message holding `envelope`; rejects if it was not stored. */
  publish(envelope: GpsEnvelope): Promise<void> {
    const part = JSON.stringify(envelope);
    if (this.group && this.group.bytes + part.length > this.maxBytes) this.send();
    if (!this.group) {
      const group: Group = { parts: [], bytes: 2, waiters: [], deferred: false };
      this.group = group;
      // Once this turn's requests are in: sent now, or when a publish waiting is answered.
      setImmediate(() => {
        if (this.group !== group) return;
        if (this.inFlight < MAX_IN_FLIGHT) return this.send();
        group.deferred = true;
        this.turnTimer = setTimeout(() => this.send(), MAX_TURN_WAIT_MS);
      });
    }
    const group = this.group;
    group.parts.push(part);
    group.bytes += part.length + 1;
    return new Promise((resolve, reject) => group.waiters.push({ resolve, reject }));
  }

  private send() {
    clearTimeout(this.turnTimer);
    this.turnTimer = undefined;
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    this.inFlight++;
    this.store(`[${group.parts.join(',')}]`)
      .then(
        () => group.waiters.forEach((waiter) => waiter.resolve()),
        (error: unknown) => group.waiters.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        this.inFlight--;
        if (this.group?.deferred) this.send();
      });
  }

  /** Publishes one message to the current stream, moving on to the next on a refusal, until PUBLISH_DEADLINE_MS. */
  private async store(message: string): Promise<void> {
    const msgID = randomUUID();
    const deadline = Date.now() + PUBLISH_DEADLINE_MS;
    for (let refusedInARow = 0; ; ) {
      const stream = this.current;
      const timeout = Math.max(1, Math.min(ATTEMPT_TIMEOUT_MS, deadline - Date.now()));
      try {
        await this.js.publish(this.subjects[stream], message, { msgID, timeout });
        return;
      } catch (error) {
        if (Date.now() + 1 >= deadline) throw error;
        // Another group may have moved on already: only the first to find this stream refusing moves the rest.
        if (this.current === stream) this.current = (stream + 1) % this.subjects.length;
        if (++refusedInARow >= this.subjects.length) {
          refusedInARow = 0;
          await new Promise((resolve) => setTimeout(resolve, Math.min(ALL_REFUSED_PAUSE_MS, deadline - Date.now())));
        }
      }
    }
  }
}
