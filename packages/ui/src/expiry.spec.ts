import { daysUntil, expiryOf } from './expiry.js';

// Noon on 10 March 2026, local time: the time of day must not change the day count.
const today = new Date(2026, 2, 10, 12, 0, 0);

describe('document expiry indicator', () => {
  it("says 'Expired' once the day has passed", () => {
    expect(expiryOf('2026-03-09', today)).toEqual({ state: 'expired', days: -1, label: 'Expired' });
    expect(expiryOf('2020-01-01', today)?.label).toBe('Expired');
  });

  it('shows the days left when 30 or fewer remain', () => {
    expect(expiryOf('2026-03-10', today)).toEqual({ state: 'expiring', days: 0, label: '0d' });
    expect(expiryOf('2026-03-22', today)?.label).toBe('12d');
    expect(expiryOf('2026-04-09', today)?.label).toBe('30d');
  });

  it("says 'Valid' beyond 30 days", () => {
    expect(expiryOf('2026-04-10', today)).toEqual({ state: 'valid', days: 31, label: 'Valid' });
  });

  it('shows nothing without a date', () => {
    expect(expiryOf(null, today)).toBeNull();
    expect(expiryOf('', today)).toBeNull();
    expect(expiryOf('soon', today)).toBeNull();
  });

  it('counts calendar days across a daylight-saving change and from a full timestamp', () => {
    expect(daysUntil('2026-04-01', new Date(2026, 2, 20, 23, 30))).toBe(12);
    expect(daysUntil('2026-03-22T00:00:00.000Z', today)).toBe(12);
  });
});
