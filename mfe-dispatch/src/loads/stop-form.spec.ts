import { loadInputSchema, type Load, type Stop } from '@tms/contracts';
import { validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { loadFormValues, loadPayload } from './load-form.js';
import { movedToDay, newStop, onlySpecStops, specFromStops } from './stop-form.js';

const stop = (fields: Partial<Stop>): Stop => ({
  id: '11111111-1111-4111-8111-111111111111', sequence: 1, type: 'pickup', location: 'Dallas, TX', address: null, facility: null, latitude: 32.78, longitude: -96.8, geocoded: 'city',
  radiusMiles: 0.5, appointmentStart: '2027-03-04T14:00:00.000Z', appointmentEnd: '2027-03-04T16:00:00.000Z', reference: null, notes: null,
  arrivedAt: null, arrivedSource: null, departedAt: null, departedSource: null, gpsArrivedAt: null, gpsDepartedAt: null, eta: null, ...fields,
});
const load = {
  id: 'l1', loadNumber: 'LD-1', customerId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f', status: 'assigned', pickupLocation: 'Dallas, TX', pickupDate: '2027-03-04',
  deliveryLocation: 'Tulsa, OK', deliveryDate: '2027-03-05', rate: '1200.00', assignedDriverId: null, assignedTruckId: null, expenses: '0.00', weight: 0,
  miles: null, commodity: null, notes: null, stopCount: 3, stopsSummary: '',
  stops: [
    stop({}),
    stop({ id: '22222222-2222-4222-8222-222222222222', sequence: 2, type: 'delivery', location: 'Okmulgee, OK', geocoded: null, latitude: 35.6, longitude: -95.9, arrivedAt: '2027-03-05T10:00:00.000Z', arrivedSource: 'gps' }),
    stop({ id: '33333333-3333-4333-8333-333333333333', sequence: 3, type: 'delivery', location: 'Tulsa, OK', appointmentStart: null, appointmentEnd: null }),
  ],
} satisfies Load;

describe("the load dialog's stops", () => {
  it('writes a new load the spec\'s way while its two stops say nothing more than their places', () => {
    const values = loadFormValues(null);
    expect(values.stops.map(({ type }) => type)).toEqual(['pickup', 'delivery']);
    expect(onlySpecStops([newStop('pickup', 'Dallas, TX'), newStop('delivery', 'Tulsa, OK')])).toBe(true);
    expect(loadPayload(values)).not.toHaveProperty('stops');
    expect(onlySpecStops([newStop('pickup'), { ...newStop('delivery'), reference: 'PO 1' }])).toBe(false);
    expect(onlySpecStops([newStop('pickup'), newStop('delivery'), newStop('delivery')])).toBe(false);
  });

  it('sends a load\'s stops back with their ids, typed coordinates only, and what happened there', () => {
    const { stops } = loadPayload(loadFormValues(load)) as { stops: Record<string, unknown>[] };
    expect(stops).toHaveLength(3);
    expect(stops[0]).toMatchObject({ id: '11111111-1111-4111-8111-111111111111', latitude: null, longitude: null, appointmentStart: '2027-03-04T14:00:00.000Z', arrivedAt: null, arrivedSource: null });
    expect(stops[1]).toMatchObject({ id: '22222222-2222-4222-8222-222222222222', latitude: 35.6, longitude: -95.9, arrivedAt: '2027-03-05T10:00:00.000Z', arrivedSource: 'gps' });
  });

  it('names the stop in its messages', () => {
    const values = loadFormValues(load);
    values.stops[1].location = '';
    values.stops[0].appointmentEnd = dayjs('2027-03-04T12:00:00Z');
    const checked = validatePayload(loadInputSchema, loadPayload(values));
    expect(checked.ok ? {} : checked.issues).toEqual({
      'stops.0.appointmentEnd': ['Stop 1: appointment end is before its start'],
      'stops.1.location': ['Stop 2: Location is required'],
    });
  });

  it('gives the spec fields from the first and last stop, and moves an appointment to a new day keeping its times', () => {
    const values = loadFormValues(load);
    const spec = specFromStops(values.stops);
    expect(spec.pickupLocation).toBe('Dallas, TX');
    expect(spec.pickupDate?.isSame(dayjs('2027-03-04T14:00:00.000Z'), 'day')).toBe(true);
    expect(spec).not.toHaveProperty('deliveryDate');
    const moved = movedToDay(values.stops[0], dayjs('2027-03-07T14:00:00.000Z'));
    expect(moved.appointmentStart?.toISOString()).toBe('2027-03-07T14:00:00.000Z');
    expect(moved.appointmentEnd?.toISOString()).toBe('2027-03-07T16:00:00.000Z');
    expect(movedToDay(values.stops[2], dayjs('2027-03-07'))).toBe(values.stops[2]);
  });
});
