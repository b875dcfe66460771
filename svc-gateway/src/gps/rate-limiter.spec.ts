import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('lets a burst through, then answers the seconds to wait, per device', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 3, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
    now = 500; // half a second refills one request at 2 per second
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
  });
});
