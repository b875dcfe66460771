import { fieldIssues, loadInputSchema, readStopsText, stopsInputSchema, stopsSummary, type StopFields } from '../index.js';

const zone = 'America/Chicago';
const stop = (fields: Partial<StopFields>): StopFields =>
  ({ type: 'pickup', location: 'Dallas, TX', appointmentStart: null, appointmentEnd: null, arrivedAt: null, arrivedSource: null, departedAt: null, departedSource: null, ...fields }) as StopFields;
/** The text's stops as a create takes them, or the schema's messages. */
const stopsOf = (text: string) => {
  const parsed = stopsInputSchema.safeParse(readStopsText(text, zone));
  return parsed.success ? parsed.data.map(({ type, location, appointmentStart, appointmentEnd }) => ({ type, location, appointmentStart, appointmentEnd })) : parsed.error.issues.map(({ message }) => message);
};

describe('readStopsText', () => {
  it("reads back every appointment form stopsSummary writes, in the company's time zone, across a change of offset", () => {
    const stops = [
      // 08:00-10:00 in Chicago in November (UTC-6), the day before the clocks go back, and a range over two days.
      stop({ location: 'Dallas, TX', appointmentStart: '2026-11-03T14:00:00.000Z', appointmentEnd: '2026-11-03T16:00:00.000Z', arrivedAt: '2026-11-03T14:12:00.000Z', arrivedSource: 'gps', departedAt: '2026-11-03T15:00:00.000Z', departedSource: 'driver' }),
      stop({ location: 'Fort Worth, TX', appointmentStart: '2026-10-31T05:00:00.000Z', appointmentEnd: '2026-11-01T04:59:00.000Z' }),
      stop({ type: 'delivery', location: 'Oklahoma City, OK', appointmentStart: '2026-11-01T08:30:00.000Z', appointmentEnd: null }),
      stop({ type: 'delivery', location: 'Wichita, KS', appointmentStart: '2026-11-04T20:00:00.000Z', appointmentEnd: '2026-11-05T15:00:00.000Z' }),
      stop({ type: 'delivery', location: 'Tulsa, OK' }),
    ];
    const text = stopsSummary(stops, zone);
    expect(text).toBe(
      'Pickup Dallas, TX 2026-11-03 08:00-10:00, arrived 2026-11-03 08:12 (GPS), departed 2026-11-03 09:00 (Driver); Pickup Fort Worth, TX 2026-10-31; ' +
        'Delivery Oklahoma City, OK 2026-11-01 02:30; Delivery Wichita, KS 2026-11-04 14:00 to 2026-11-05 09:00; Delivery Tulsa, OK',
    );
    const read = readStopsText(text, zone);
    expect(read.map(({ appointment }) => appointment)).toEqual(['2026-11-03 08:00-10:00', '2026-10-31', '2026-11-01 02:30', '2026-11-04 14:00 to 2026-11-05 09:00', '']);
    // What happened there is not read: the text gives it back without it.
    expect(stopsSummary(stopsInputSchema.parse(read), zone)).toBe(stopsSummary(stops.map((one) => ({ ...one, arrivedAt: null, departedAt: null })), zone));
    expect(stopsOf(text)).toEqual(stops.map(({ type, location, appointmentStart, appointmentEnd }) => ({ type, location, appointmentStart, appointmentEnd })));
  });

  it('takes types in any case and spaces around the separators, and a location of any words', () => {
    expect(stopsOf(' pickup  Dallas, TX ;DELIVERY Tulsa, OK 2027-01-05 ')).toEqual([
      { type: 'pickup', location: 'Dallas, TX', appointmentStart: null, appointmentEnd: null },
      { type: 'delivery', location: 'Tulsa, OK', appointmentStart: '2027-01-05T06:00:00.000Z', appointmentEnd: '2027-01-06T05:59:00.000Z' },
    ]);
    expect(stopsOf('Pickup Dock 4 at 7th Street, Dallas, TX; Delivery Tulsa, OK')).toMatchObject([{ location: 'Dock 4 at 7th Street, Dallas, TX' }, {}]);
  });

  it("answers a bad text with the API's messages, naming the stop", () => {
    expect(stopsOf('Pickup Dallas, TX; Drop Tulsa, OK')).toEqual(['The last stop must be a delivery', 'Stop 2: Type must be pickup or delivery']);
    expect(stopsOf('Pickup Dallas, TX; Delivery 2027-01-05')).toEqual(['Stop 2: Location is required']);
    expect(stopsOf('Pickup Dallas, TX 2027-02-30; Delivery Tulsa, OK 2027-01-05 25:00')).toEqual(['Stop 1: Enter a valid date and time', 'Stop 2: Enter a valid date and time']);
    expect(stopsOf('Pickup Dallas, TX 2027-01-05 10:00-08:00; Delivery Tulsa, OK')).toEqual(['Stop 1: appointment end is before its start']);
    expect(stopsOf('Delivery Tulsa, OK; Pickup Dallas, TX')).toEqual(['The first stop must be a pickup', 'The last stop must be a delivery']);
    expect(stopsOf('Pickup Dallas, TX')).toEqual(['A load has 2 to 20 stops']);
    expect(stopsOf('Pickup Dallas, TX;; Delivery Tulsa, OK')).toEqual(['Stop 2: Type must be pickup or delivery', 'Stop 2: Location is required']);
  });

  it("gives a load's messages under 'stops', as the API does", () => {
    const load = { loadNumber: 'LD-1', customerId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f', status: 'pending', pickupLocation: 'Dallas, TX', pickupDate: '2027-01-04', deliveryLocation: 'Tulsa, OK', deliveryDate: '2027-01-05', rate: '100' };
    const parsed = loadInputSchema.safeParse({ ...load, stops: readStopsText('Pickup Dallas, TX; Delivery', zone) });
    expect(fieldIssues(parsed.error!)).toEqual({ 'stops.1.location': ['Stop 2: Location is required'] });
  });
});
