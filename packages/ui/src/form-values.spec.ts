import { dayFromText, dayToText, readTypedDay, textOrEmpty, textOrNull, unreadDayMessage } from './form-values.js';

describe('form value conversions', () => {
  it("round-trips a day between the API's 'YYYY-MM-DD' and the date picker", () => {
    expect(dayToText(dayFromText('2026-02-28'))).toBe('2026-02-28');
    expect(dayToText(dayFromText('2026-02-28T00:00:00.000Z'))).toBe('2026-02-28');
  });

  it('leaves empty dates and texts empty', () => {
    expect(dayFromText(null)).toBeNull();
    expect(dayToText(null)).toBeNull();
    expect(textOrNull('   ')).toBeNull();
    expect(textOrNull(' 1HGBH ')).toBe('1HGBH');
    expect(textOrEmpty(null)).toBe('');
    expect(textOrEmpty(2020)).toBe('2020');
  });
});

describe('days as people type them', () => {
  it.each([
    ['2026-12-01'], ['12/01/2026'], ['12/1/2026'], ['12/1/26'], ['12-01-2026'], ['Dec 1 2026'], ['dec 1, 2026'], ['December 1, 2026'], ['1 Dec 2026'], ['  DEC   1 2026 '],
  ])('reads %s as 2026-12-01', (text) => {
    expect(dayToText(readTypedDay(text))).toBe('2026-12-01');
  });
  it.each([['13/01/2026'], ['02/30/2026'], ['2O26-12-01'], ['Dec 32 2026'], ['tomorrow'], ['12/2026']])('reads no day in %s, and says so', (text) => {
    expect(readTypedDay(text)).toBeNull();
    expect(unreadDayMessage(text)).toBe(`"${text}" is not a date: type it like 12/01/2026 or 2026-12-01`);
  });
});
