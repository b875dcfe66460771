import type { Driver, Truck } from '@tms/contracts';
import { citationText, countOrZero, defectsText, fineText, nameOr, safetyDate } from './safety-display.js';
import { safetyLookups } from './safety-lookups.js';

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

  it('names trucks and drivers by id once both lists are there, and none that is gone', () => {
    const trucks = [{ id: 't1', truckNumber: 'T-101' }] as Truck[];
    const drivers = [{ id: 'd1', name: 'Maria Gonzalez' }] as Driver[];
    expect(safetyLookups(trucks, undefined).loaded).toBe(false);
    const lookups = safetyLookups(trucks, drivers);
    expect(lookups.loaded).toBe(true);
    expect([lookups.truckNumber('t1'), lookups.driverName('d1')]).toEqual(['T-101', 'Maria Gonzalez']);
    expect([lookups.truckNumber('gone'), lookups.truckNumber(null), lookups.driverName('t1')]).toEqual([undefined, undefined, undefined]);
  });
});
