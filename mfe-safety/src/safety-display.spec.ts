import { citationText, countOrZero, defectsText, fineText, nameOr, safetyDate } from './safety-display.js';

describe('safety display', () => {
  it("shows dates as 'MMM dd, yyyy', the day in two digits, never shifted by the time zone", () => {
    expect(safetyDate('2027-03-04')).toBe('Mar 04, 2027');
    expect(safetyDate('2027-12-25T23:30:00.000Z')).toBe('Dec 25, 2027');
  });

  it("shows spec 2.10's fallbacks", () => {
    expect(nameOr(undefined)).toBe('Unknown');
    expect(nameOr('T-101')).toBe('T-101');
    expect(defectsText(null)).toBe('None');
    expect(defectsText('Cracked windshield')).toBe('Cracked windshield');
    expect(citationText(null)).toBe('N/A');
    expect(citationText('CIT-1')).toBe('CIT-1');
    expect(fineText(null)).toBe('N/A');
    expect(fineText('1250.5')).toBe('$1,250.50');
    expect(fineText('0.00')).toBe('$0.00');
    expect(countOrZero(null)).toBe(0);
    expect(countOrZero(3)).toBe(3);
  });
});
