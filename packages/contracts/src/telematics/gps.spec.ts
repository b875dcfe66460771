import fc from 'fast-check';
import { checkGpsBody, GPS_BATCH_MAX, GPS_REPORTED_POSITIONS, gpsPositionSchema, plainGpsPosition } from './gps.js';
import { osmandPosition, traccarJson } from './osmand.js';

const truckId = '0b0f4f4e-8a59-4d0e-9d55-2f6f0b1b7a11';
const valid = { latitude: 41.8781136, longitude: -87.6297982, timestamp: '2025-06-01T14:30:00Z', truckId };

describe('the GPS ingestion rule', () => {
  it('takes a position, numeric text included, and writes its timestamp as an instant', () => {
    const checked = checkGpsBody({ ...valid, latitude: '41.5', speed: 55, heading: 0, battery: 80 });
    expect(checked).toEqual({
      ok: true,
      batch: false,
      positions: [{ latitude: 41.5, longitude: -87.6297982, timestamp: '2025-06-01T14:30:00.000Z', truckId, driverId: null, loadId: null, speed: 55, heading: 0, accuracy: null }],
    });
  });

  it('refuses out-of-range values with field messages, and needs a driver or a truck', () => {
    const checked = checkGpsBody({ latitude: 91, longitude: -87, timestamp: '2025-06-01T14:30:00', heading: 360 });
    expect(checked).toEqual({
      ok: false,
      issues: {
        latitude: ['Must be between -90 and 90'],
        timestamp: ['Timestamp must be an ISO 8601 date and time, like 2025-06-01T14:30:00Z'],
        heading: ['Heading must be between 0 and 359 degrees'],
      },
    });
    const { truckId: _, ...withoutIds } = valid;
    expect(checkGpsBody(withoutIds)).toEqual({ ok: false, issues: { driverId: ['A position needs a driverId or a truckId'] } });
  });

  it('refuses a non-zero accuracy too small for its column (a real underflows), and takes 0 and a millimetre', () => {
    for (const accuracy of [1e-50, '0.00000000000000000000000000000000000000000000000001', 5e-324, 0.0009]) {
      const checked = checkGpsBody({ ...valid, accuracy });
      expect(checked.ok ? undefined : checked.issues.accuracy).toEqual(['Accuracy must be 0 or at least 0.001 meters']);
    }
    for (const accuracy of [0, 0.001, 100000]) expect(checkGpsBody({ ...valid, accuracy })).toMatchObject({ ok: true, positions: [{ accuracy }] });
  });

  it('refuses a timestamp in the future', () => {
    const checked = checkGpsBody({ ...valid, timestamp: new Date(Date.now() + 3_600_000).toISOString() });
    expect(checked.ok ? undefined : checked.issues.timestamp).toEqual(['Timestamp must not be in the future']);
  });

  it('names the index of each bad position of a batch, and limits a batch to 1,000', () => {
    const checked = checkGpsBody([valid, { ...valid, longitude: 'west' }, null]);
    expect(checked).toEqual({ ok: false, issues: { '1.longitude': ['Must be a number'], '2': ['The body must be a position or an array of positions'] } });
    expect(checkGpsBody(Array(GPS_BATCH_MAX).fill(valid)).ok).toBe(true);
    expect(checkGpsBody(Array(GPS_BATCH_MAX + 1).fill(valid))).toEqual({ ok: false, issues: { _: ['A batch holds at most 1000 positions'] } });
    expect(checkGpsBody([])).toEqual({ ok: false, issues: { _: ['A batch needs at least one position'] } });
  });
});

describe('the OsmAnd protocol', () => {
  it('converts knots to mph, epoch seconds and milliseconds to ISO, and bearings to whole degrees', () => {
    expect(osmandPosition({ id: 't', lat: '30.2672', lon: '-97.7431', timestamp: '1748788200', speed: '10', bearing: '359.7', accuracy: '5' })).toEqual({
      latitude: '30.2672',
      longitude: '-97.7431',
      timestamp: '2025-06-01T14:30:00.000Z',
      speed: 11.51,
      heading: 0,
      accuracy: '5',
    });
    expect(osmandPosition({ lat: '1', lon: '1', timestamp: '1748788200000' }).timestamp).toBe('2025-06-01T14:30:00.000Z');
    expect(osmandPosition({ lat: '1', lon: '1', timestamp: '2025-06-01 14:30:00Z' }).timestamp).toBe('2025-06-01T14:30:00Z');
  });

  it("reads Traccar Client's JSON body, speed in metres per second", () => {
    expect(traccarJson({ device_id: 'tok', location: { timestamp: '2025-06-01T14:30:00Z', coords: { latitude: 1, longitude: 2, speed: 10, heading: 90.4 } } })).toEqual({
      token: 'tok',
      position: { latitude: 1, longitude: 2, timestamp: '2025-06-01T14:30:00Z', speed: 22.37, heading: 90 },
    });
    expect(traccarJson({ lat: 1 })).toBeUndefined();
  });
});

describe('plainGpsPosition, the schema-free check of usual positions', () => {
  const uuid = fc.uuid().map((id) => id); // fast-check's are valid RFC 9562 uuids
  const anyValue = fc.oneof(fc.constant(undefined), fc.constant(null), fc.double(), fc.integer(), fc.string(), fc.boolean(), uuid.map((id) => id.toUpperCase()));
  // Values around 0 too: tiny ones underflow a real column (1e-50), -0 and the smallest double are numbers too.
  const tiny = fc.oneof(fc.double({ min: -0.01, max: 0.01 }), fc.constantFrom(1e-50, 5e-324, -0, 0.0009999, 0.001));
  const number = (min: number, max: number) => fc.oneof(fc.double({ min: min - 1, max: max + 1 }), fc.constant(min), fc.constant(max), tiny, anyValue);
  const timestamp = fc.oneof(
    fc.date({ min: new Date('1960-01-01'), max: new Date(Date.now() + 86_400_000) }).filter((date) => !Number.isNaN(date.getTime())).map((date) => date.toISOString()),
    fc.constantFrom('2025-06-01T14:30:00Z', '2025-06-01T14:30:00+02:00', '2025-06-01T14:30Z', '2025-06-01T14:30:00', ' 2025-06-01T14:30:00Z', '2025-13-01T00:00:00Z', '9999-01-01T00:00:00Z'),
    // Date#toISOString's own form, which the plain check passes through, around the dates Date.parse rolls over.
    fc.constantFrom('2025-02-30T10:00:00.000Z', '2025-04-31T00:00:00.000Z', '2025-06-01T24:00:00.000Z', '2024-02-29T23:59:59.999Z', '2025-06-01T14:30:00.000z', '1969-12-31T23:59:59.999Z', '2999-12-31T23:59:59.999Z'),
    anyValue,
  );
  const id = fc.oneof(uuid, anyValue);
  const position = fc.record(
    {
      latitude: number(-90, 90),
      longitude: number(-180, 180),
      timestamp,
      driverId: id,
      truckId: id,
      loadId: id,
      speed: number(0, 999.99),
      heading: number(0, 359),
      accuracy: number(0, 100000),
      battery: anyValue,
    },
    { requiredKeys: [] },
  );

  it('answers only what the schema answers for the same input, and leaves the rest to it', () => {
    let answered = 0;
    fc.assert(
      fc.property(position, (input) => {
        const plain = plainGpsPosition(input);
        if (!plain) return;
        answered++;
        expect(plain).toEqual(gpsPositionSchema.parse(input));
      }),
      { numRuns: 20_000 },
    );
    // The usual case must be the plain check's: a generator that never reached it would prove nothing.
    expect(answered).toBeGreaterThan(100);
  });

  it('answers only values the positions columns store: numeric(10,7), numeric(5,2), smallint, a real that does not underflow', () => {
    const fits = (value: number, digits: number, scale: number) => Math.abs(Number(value.toFixed(scale))) < 10 ** (digits - scale);
    fc.assert(
      fc.property(position, (input) => {
        const parsed = gpsPositionSchema.safeParse(input);
        if (!parsed.success) return;
        const { latitude, longitude, speed, heading, accuracy } = parsed.data;
        expect(fits(latitude, 10, 7) && fits(longitude, 10, 7)).toBe(true);
        if (speed !== null) expect(fits(speed, 5, 2)).toBe(true);
        if (heading !== null) expect(Math.min(359, Math.round(heading))).toBeGreaterThanOrEqual(0);
        // A real's smallest normal value is 1.2e-38: anything non-zero below it may round to 0, which Postgres refuses.
        if (accuracy !== null) expect(accuracy === 0 || (accuracy >= 1.2e-38 && accuracy <= 3.4e38)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('takes the usual position a device sends', () => {
    expect(plainGpsPosition({ ...valid, speed: 55.5, heading: 270 })).toEqual(gpsPositionSchema.parse({ ...valid, speed: 55.5, heading: 270 }));
  });
});

describe('a bad batch', () => {
  it('lists the problems of its first positions with problems, and says there are more, without checking the rest', () => {
    const bad = { latitude: 'north', longitude: -87, timestamp: '2025-06-01T14:30:00Z', truckId: '9b2f4c1e-6d7a-4e8b-9c0d-1e2f3a4b5c6d' };
    const checked = checkGpsBody(Array.from({ length: GPS_BATCH_MAX }, () => bad));
    expect(checked.ok).toBe(false);
    const issues = checked.ok ? {} : checked.issues;
    expect(Object.keys(issues)).toHaveLength(GPS_REPORTED_POSITIONS + 1);
    expect(issues[`${GPS_REPORTED_POSITIONS - 1}.latitude`]).toEqual(['Must be a number']);
    expect(issues._).toEqual([`The first ${GPS_REPORTED_POSITIONS} positions with problems are listed; fix them and send the batch again`]);
  });
});
