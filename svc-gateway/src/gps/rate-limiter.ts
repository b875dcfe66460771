/**
 * A token bucket per key (a device): `burst` requests at once, refilled at `ratePerSecond`. Answers how many
 * seconds to wait when the bucket is empty. Buckets full again are forgotten, so quiet devices cost nothing.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private sweptAt = 0;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one request from `key`'s bucket: 0 when allowed, else the whole seconds until it would be. */
  take(key: string): number {
    const now = this.now();
    this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }

  private sweep(now: number) {
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    const refillMs = (this.burst / this.ratePerSecond) * 1000;
    for (const [key, bucket] of this.buckets) if (now - bucket.at > refillMs) this.buckets.delete(key);
  }
}
