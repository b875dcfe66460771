/** Knots (what OsmAnd and Traccar Client send) to miles per hour. */
export const KNOTS_TO_MPH = 1.150779448;

/** The device token of an OsmAnd request: its `id` parameter (the phone app's "device identifier"). */
export const osmandToken = (params: Record<string, unknown>): string | undefined => {
  const id = params.id ?? params.deviceid;
  return typeof id === 'string' && id.trim() ? id.trim() : undefined;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** Epoch seconds, epoch milliseconds or ISO 8601 text, as ISO 8601; anything else is handed on for the check to refuse. */
export function osmandTimestamp(value: unknown): unknown {
  const raw = text(value);
  if (raw === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) {
    const number = Number(raw);
    // Seconds until the year 5138; milliseconds from 1970-04-26 on.
    const millis = number < 1e11 ? number * 1000 : number;
    const date = new Date(millis);
    return Number.isNaN(date.getTime()) ? raw : date.toISOString();
  }
  return raw.replace(' ', 'T');
}

/**
 * The OsmAnd protocol's parameters (`lat`, `lon`, `timestamp`, `speed` in knots, `bearing`, `accuracy`), as the
 * fields of spec 5's ingestion rule, for the same check as POST /api/gps. `driverId`, `truckId` and `loadId` may be
 * added by an unbound device.
 */
export function osmandPosition(params: Record<string, unknown>): Record<string, unknown> {
  const speedKnots = text(params.speed);
  const knots = speedKnots === undefined ? undefined : Number(speedKnots);
  const bearing = text(params.bearing) ?? text(params.heading);
  const bearingNumber = bearing === undefined ? undefined : Number(bearing);
  const position: Record<string, unknown> = {
    latitude: text(params.lat) ?? text(params.latitude),
    longitude: text(params.lon) ?? text(params.lng) ?? text(params.longitude),
    timestamp: osmandTimestamp(params.timestamp ?? params.time),
    speed: knots === undefined ? undefined : Number.isFinite(knots) ? Math.round(knots * KNOTS_TO_MPH * 100) / 100 : speedKnots,
    // Phones report 0-360 with decimals: the rule takes whole degrees 0-359.
    heading: bearingNumber === undefined ? undefined : Number.isFinite(bearingNumber) ? Math.round(bearingNumber) % 360 : bearing,
    accuracy: text(params.accuracy),
    driverId: text(params.driverId),
    truckId: text(params.truckId),
    loadId: text(params.loadId),
  };
  return Object.fromEntries(Object.entries(position).filter(([, value]) => value !== undefined));
}

/** Metres per second (the JSON of Traccar Client 9) to miles per hour. */
export const MPS_TO_MPH = 2.236936292;

/**
 * The JSON body newer Traccar Client versions post to the same URL: `{ device_id, location: { timestamp, coords:
 * { latitude, longitude, speed (m/s), heading, accuracy } } }`; answers its token and the ingestion rule's fields,
 * or undefined for a body that is not one.
 */
export function traccarJson(body: unknown): { token?: string; position: Record<string, unknown> } | undefined {
  const object = (value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
  const location = object(object(body)?.location);
  const coords = object(location?.coords);
  if (!location || !coords) return undefined;
  const speed = typeof coords.speed === 'number' && coords.speed >= 0 ? Math.round(coords.speed * MPS_TO_MPH * 100) / 100 : undefined;
  const heading = typeof coords.heading === 'number' && coords.heading >= 0 ? Math.round(coords.heading) % 360 : undefined;
  const token = object(body)?.device_id;
  return {
    token: typeof token === 'string' ? token : undefined,
    position: Object.fromEntries(
      Object.entries({
        latitude: coords.latitude,
        longitude: coords.longitude,
        timestamp: location.timestamp,
        speed,
        heading,
        accuracy: typeof coords.accuracy === 'number' && coords.accuracy >= 0 ? coords.accuracy : undefined,
      }).filter(([, value]) => value !== undefined),
    ),
  };
}
