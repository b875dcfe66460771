import { formatDay } from './display.js';

describe('formatDay', () => {
  it('shows a day, or the day of a timestamp, without shifting it by the time zone', () => {
    expect(formatDay('2027-03-04')).toBe('Mar 4, 2027');
    expect(formatDay('2027-03-04T23:30:00.000Z')).toBe('Mar 4, 2027');
  });

  it('shows nothing for no day', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('')).toBe('');
  });
});
