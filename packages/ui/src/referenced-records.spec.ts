import type { Driver, Truck } from '@tms/contracts';
import { optionsOf, RECORD_LABELS, recordLookup } from './referenced-records.js';

describe('referenced records', () => {
  it('names trucks and drivers by id once their lists are there, and none that is gone', () => {
    const trucks = [{ id: 't1', truckNumber: 'T-101' }] as Truck[];
    const drivers = [{ id: 'd1', name: 'Maria Gonzalez' }] as Driver[];
    expect(recordLookup<Driver>(undefined, RECORD_LABELS.drivers).loaded).toBe(false);
    const truckLookup = recordLookup(trucks, RECORD_LABELS.trucks);
    const driverLookup = recordLookup(drivers, RECORD_LABELS.drivers);
    expect(truckLookup.loaded && driverLookup.loaded).toBe(true);
    expect([truckLookup.label('t1'), driverLookup.label('d1')]).toEqual(['T-101', 'Maria Gonzalez']);
    expect([truckLookup.label('gone'), truckLookup.label(null), driverLookup.label('t1')]).toEqual([undefined, undefined, undefined]);
    expect(truckLookup.get('t1')).toBe(trucks[0]);
  });

  it('reads a fixed option list as stored, or through its labels', () => {
    expect(optionsOf(['Pre-Trip'])).toEqual([{ value: 'Pre-Trip', label: 'Pre-Trip' }]);
    expect(optionsOf(['in-use'], { 'in-use': 'In Use' })).toEqual([{ value: 'in-use', label: 'In Use' }]);
  });
});
