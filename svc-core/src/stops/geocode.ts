import type { StopGeocode } from '@tms/contracts';
import zipcodes from 'zipcodes';

export interface Geocoded {
  latitude: number | null;
  longitude: number | null;
  geocoded: StopGeocode | null;
}

const ZIP = /\b(\d{5})(?:-\d{4})?\b/g;
const CITY_STATE = /^\s*(.+?)\s*,\s*([A-Za-z]{2})\b/;

/** City and state ('dallas|TX') → the middle of its ZIP codes' points: built once, on the first look-up. */
let cities: Map<string, { latitude: number; longitude: number }> | undefined;
function cityIndex() {
  if (cities) return cities;
  const sums = new Map<string, { latitude: number; longitude: number; count: number }>();
  for (const code of Object.values(zipcodes.codes)) {
    if (!Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) continue;
    const key = `${code.city.toLowerCase()}|${code.state.toUpperCase()}`;
    const sum = sums.get(key) ?? sums.set(key, { latitude: 0, longitude: 0, count: 0 }).get(key)!;
    sum.latitude += code.latitude;
    sum.longitude += code.longitude;
    sum.count += 1;
  }
  cities = new Map([...sums].map(([key, { latitude, longitude, count }]) => [key, { latitude: latitude / count, longitude: longitude / count }]));
  return cities;
}

/**
 * Where a stop is when not given (offline, from the `zipcodes` package): its address's ZIP code (the last one in
 * it), else its location's city and state ('Dallas, TX'), else nowhere (GPS cannot see it there).
 */
export function geocode(location: string, address: string | null): Geocoded {
  const zip = [...(address ?? '').matchAll(ZIP)].at(-1)?.[1];
  const byZip = zip ? zipcodes.lookup(zip) : undefined;
  if (byZip) return { latitude: byZip.latitude, longitude: byZip.longitude, geocoded: 'zip' };
  const [, city, state] = CITY_STATE.exec(location) ?? [];
  const byCity = city ? cityIndex().get(`${city.toLowerCase()}|${state.toUpperCase()}`) : undefined;
  if (byCity) return { ...byCity, geocoded: 'city' };
  return { latitude: null, longitude: null, geocoded: null };
}
