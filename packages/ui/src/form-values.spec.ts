import { dayFromText, dayToText, textOrEmpty, textOrNull } from './form-values.js';

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
