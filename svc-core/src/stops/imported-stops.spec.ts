import { readStopsText, stopsSummary, type Stop } from '@tms/contracts';
import { importedStops } from './imported-stops.js';

const zone = 'America/Chicago';
const stored = (sequence: number, fields: Partial<Stop>): Stop => ({
  id: `00000000-0000-4000-8000-00000000000${sequence}`, sequence, type: 'pickup', location: 'Dallas, TX', address: '1 Dock Rd', facility: 'Dock 1',
  latitude: 32.78, longitude: -96.8, geocoded: null, radiusMiles: 0.5, appointmentStart: null, appointmentEnd: null, reference: `PO-${sequence}`, notes: null,
  arrivedAt: null, arrivedSource: null, departedAt: null, departedSource: null, gpsArrivedAt: null, gpsDepartedAt: null, eta: null, ...fields,
});
const stops = [
  // Seconds and a lone end time: the export writes neither, and both survive its text.
  stored(1, { appointmentStart: '2027-04-01T13:00:30.000Z', appointmentEnd: null, arrivedAt: '2027-04-01T13:05:00.000Z', arrivedSource: 'gps' }),
  stored(2, { type: 'delivery', location: 'Tulsa, OK', appointmentStart: null, appointmentEnd: '2027-04-02T15:00:00.000Z' }),
];
const imported = (text: string) => importedStops(readStopsText(text, zone), stops, zone);

describe('importedStops', () => {
  it('is no change for the text the export writes of the stops, what happened there included', () => {
    expect(imported(stopsSummary(stops, zone))).toBeUndefined();
    expect(imported('pickup Dallas, TX 2027-04-01 08:00; delivery tulsa, ok 2027-04-02 10:00')).toEqual(expect.any(Array));
  });

  it('keeps a matched stop whole but for what the text changes, and makes the others new', () => {
    const [first, second, third] = imported('Pickup Dallas, TX 2027-04-01 09:00-10:00; Pickup Fort Worth, TX; Delivery Tulsa, OK 2027-04-02 10:00')!;
    expect(first).toEqual({
      id: stops[0].id, type: 'pickup', location: 'Dallas, TX', address: '1 Dock Rd', facility: 'Dock 1', latitude: 32.78, longitude: -96.8, radiusMiles: 0.5,
      reference: 'PO-1', notes: null, appointmentStart: '2027-04-01T14:00:00.000Z', appointmentEnd: '2027-04-01T15:00:00.000Z',
    });
    // What happened at it is left out, so the write keeps it.
    expect(first).not.toHaveProperty('arrivedAt');
    // Third in the file is not second in the load: a new stop, though the load had a stop there.
    expect(second).toEqual({ type: 'pickup', location: 'Fort Worth, TX', appointmentStart: null, appointmentEnd: null });
    expect(third).toEqual({ type: 'delivery', location: 'Tulsa, OK', appointmentStart: '2027-04-02T15:00:00.000Z', appointmentEnd: null });
  });

  it('takes every stop as new for a load without stops (a create)', () => {
    expect(importedStops(readStopsText('Pickup Dallas, TX; Delivery Tulsa, OK', zone), [], zone)).toEqual([
      { type: 'pickup', location: 'Dallas, TX', appointmentStart: null, appointmentEnd: null },
      { type: 'delivery', location: 'Tulsa, OK', appointmentStart: null, appointmentEnd: null },
    ]);
  });
});
