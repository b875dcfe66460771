import type { Driver, GpsLocation, Truck } from '@tms/contracts';
import { RECORD_LABELS, recordLookup } from '@tms/ui';
import { coordinatesText, headingText, locationTimeText, mapsUrl, referenceLabel, speedText, visibleLocations } from './gps-display.js';

const location = (fields: Partial<GpsLocation>): GpsLocation => ({
  id: 'p',
  driverId: null,
  truckId: null,
  loadId: null,
  latitude: 41.8781136,
  longitude: -87.6297982,
  speed: null,
  heading: null,
  accuracy: null,
  timestamp: '2025-06-01T14:30:00.000Z',
  createdAt: '2025-06-01T14:30:01.000Z',
  ...fields,
});

describe('GPS Tracking display', () => {
  it('writes coordinates to 5 decimals and links them to a maps service', () => {
    expect(coordinatesText(location({}))).toBe('41.87811, -87.62980');
    expect(mapsUrl(location({}))).toBe('https://www.google.com/maps?q=41.8781136,-87.6297982');
  });

  it('writes the time as MMM d, yyyy h:mm a', () => {
    expect(locationTimeText('2025-06-01T14:30:00')).toBe('Jun 1, 2025 2:30 PM');
  });

  it('shows speed with 0 decimals and heading only when present', () => {
    expect(speedText(61.5)).toBe('62 mph');
    expect(speedText(0)).toBe('0 mph');
    expect(speedText(null)).toBeNull();
    expect(headingText(0)).toBe('0°');
    expect(headingText(null)).toBeNull();
  });

  it("falls back to 'N/A' without a reference and 'Unknown …' for one not found", () => {
    const names = recordLookup([{ id: 'd1', name: 'Ann Lee' }] as Driver[], RECORD_LABELS.drivers);
    expect(referenceLabel('d1', names, 'Unknown Driver')).toBe('Ann Lee');
    expect(referenceLabel('gone', names, 'Unknown Driver')).toBe('Unknown Driver');
    expect(referenceLabel(null, names, 'Unknown Driver')).toBe('N/A');
  });

  it('filters drivers only, trucks only, and searches driver names and truck numbers', () => {
    const drivers = recordLookup([{ id: 'd1', name: 'Ann Lee' }] as Driver[], RECORD_LABELS.drivers);
    const trucks = recordLookup([{ id: 't1', truckNumber: 'TRK-101' }] as Truck[], RECORD_LABELS.trucks);
    const both = location({ id: 'a', driverId: 'd1', truckId: 't1' });
    const driverOnly = location({ id: 'b', driverId: 'd1' });
    const truckOnly = location({ id: 'c', truckId: 't1' });
    const all = [both, driverOnly, truckOnly];
    expect(visibleLocations(all, 'all', '', drivers, trucks)).toHaveLength(3);
    expect(visibleLocations(all, 'drivers', '', drivers, trucks).map((l) => l.id)).toEqual(['a', 'b']);
    expect(visibleLocations(all, 'trucks', '', drivers, trucks).map((l) => l.id)).toEqual(['a', 'c']);
    expect(visibleLocations(all, 'all', 'trk-1', drivers, trucks).map((l) => l.id)).toEqual(['a', 'c']);
    expect(visibleLocations(all, 'trucks', 'ann', drivers, trucks).map((l) => l.id)).toEqual(['a']);
  });
});
