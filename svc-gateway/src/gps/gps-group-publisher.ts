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
}

/**
 * Publishes GPS envelopes to the stream in groups (a group commit): the envelopes of every request that arrives in
 * one turn of the event loop travel together, as a JSON array, in one stream message. Each request still waits for
 * JetStream's acknowledgement of the message that holds it, so a 202 still means stored, and a request's positions
 * are stored together or not at all. JetStream then stores one message for many requests instead of one each,
 * which is what lets a gateway take thousands of devices. A position resent by a retrying device is stored once
 * all the same: svc-telematics keys positions by device, ids and timestamp.
 */
export class GpsGroupPublisher {
  private group?: Group;

  /**
   * @param maxBytes a group's size before it is sent at once: well under NATS's max_payload (an envelope larger on
   *   its own still goes, alone; /api's body limit keeps it under max_payload).
   */
  constructor(
    private readonly js: JetStreamClient,
    private readonly subject: string,
    private readonly maxBytes: number,
  ) {}

  /** Resolves once JetStream has stored the message holding `envelope`; rejects if it was not stored. */
  publish(envelope: GpsEnvelope): Promise<void> {
    const part = JSON.stringify(envelope);
    if (this.group && this.group.bytes + part.length > this.maxBytes) this.send();
    if (!this.group) {
      this.group = { parts: [], bytes: 2, waiters: [] };
      setImmediate(() => this.send());
    }
    const group = this.group;
    group.parts.push(part);
    group.bytes += part.length + 1;
    return new Promise((resolve, reject) => group.waiters.push({ resolve, reject }));
  }

  private send() {
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    this.js.publish(this.subject, `[${group.parts.join(',')}]`).then(
      () => group.waiters.forEach((waiter) => waiter.resolve()),
      (error: unknown) => group.waiters.forEach((waiter) => waiter.reject(error)),
    );
  }
}
