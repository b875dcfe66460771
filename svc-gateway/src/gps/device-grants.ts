import { Logger } from '@nestjs/common';
import type { KV } from '@nats-io/kv';
import type { DeviceGrant } from '@tms/contracts';
import { hashDeviceToken } from '@tms/gps-stream';

const decoder = new TextDecoder();

/**
 * Every device grant, by token hash, held in memory and kept current by watching the device-grants bucket: a device
 * registered or revoked in svc-telematics is known here within milliseconds, and tokens are checked with no request
 * to svc-telematics or Postgres (ingestion goes on while either is down).
 */
export class DeviceGrants {
  private readonly logger = new Logger('DeviceGrants');
  private readonly grants = new Map<string, DeviceGrant>();
  /** Who waits for a grant not yet here, by token hash (see whenKnown). */
  private readonly waiting = new Map<string, Set<() => void>>();
  private loaded = false;

  /** True once the bucket's contents have been read: before, no token can be judged. */
  get ready() {
    return this.loaded;
  }

  /**
   * Token hashes already worked out, for the tokens of grants held (a device sends its token with every request, and
   * its SHA-256 was a tenth of the request's CPU in the token check): only tokens that matched a grant are kept, so
   * unknown tokens cannot fill it, and a grant's entry goes with the grant (`hashOf`'s reverse).
   */
  private readonly hashes = new Map<string, string>();
  private readonly tokens = new Map<string, string>();

  /** The grant of a device token, if it is held. */
  grantOf(token: string): DeviceGrant | undefined {
    const known = this.hashes.get(token);
    if (known !== undefined) return this.grants.get(known);
    const hash = hashDeviceToken(token);
    const grant = this.grants.get(hash);
    if (grant) {
      this.hashes.set(token, hash);
      this.tokens.set(hash, token);
    }
    return grant;
  }

  /**
   * Resolves once the grant of `token` is here, or after `timeoutMs` (it may then still come, or may have been
   * revoked already). A grant comes by the watch a few milliseconds after svc-telematics stored it.
   */
  whenKnown(token: string, timeoutMs: number): Promise<void> {
    const hash = hashDeviceToken(token);
    if (this.grants.has(hash)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.waiting.get(hash) ?? new Set<() => void>();
      this.waiting.set(hash, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (!waiters.size && this.waiting.get(hash) === waiters) this.waiting.delete(hash);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  /** Reads the bucket, then follows it; should the watch ever end, tokens wait (503) until it is read afresh. */
  async follow(kv: KV): Promise<void> {
    const status = await kv.status();
    if (status.values === 0) this.loaded = true;
    const watch = await kv.watch();
    void (async () => {
      for await (const entry of watch) {
        if (entry.operation === 'PUT') {
          try {
            this.grants.set(entry.key, JSON.parse(decoder.decode(entry.value)) as DeviceGrant);
            for (const done of [...(this.waiting.get(entry.key) ?? [])]) done();
          } catch {
            this.logger.error(`The grant under ${entry.key.slice(0, 8)}… is not JSON: ignored`);
          }
        } else this.forget(entry.key);
        if (entry.isUpdate || entry.delta === 0) this.loaded = true;
      }
    })()
      .catch((error: unknown) => this.logger.error(`Watching device grants failed: ${String(error)}`))
      .finally(() => {
        if (this.stopped) return;
        this.loaded = false;
        this.grants.clear();
        this.hashes.clear();
        this.tokens.clear();
        setTimeout(() => void this.follow(kv).catch((error: unknown) => this.logger.error(String(error))), 1000).unref();
      });
  }

  private stopped = false;

  /** A grant revoked or deleted: its token's hash goes with it. */
  private forget(hash: string) {
    this.grants.delete(hash);
    const token = this.tokens.get(hash);
    if (token !== undefined) this.hashes.delete(token);
    this.tokens.delete(hash);
  }

  stop() {
    this.stopped = true;
  }
}
