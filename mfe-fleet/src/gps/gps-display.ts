import type { GpsLocation } from '@tms/contracts';
import dayjs from 'dayjs';
import { filterBySearch, type RecordLookup } from '@tms/ui';

/** Spec 2.14's texts. */
export const GPS_TEXTS = {
  title: 'GPS Tracking',
  subtitle: 'Real-time driver and truck location tracking',
  liveTitle: 'Live Locations',
  liveDescription: 'Latest GPS coordinates from drivers and trucks',
  search: 'Search by driver or truck...',
  emptyTitle: 'No GPS locations yet',
  emptyDescription: 'GPS location data will appear here when drivers or trucks transmit their coordinates',
  viewOnMap: 'View on Map',
  integrationTitle: 'Integration Information',
  notAvailable: 'N/A',
  unknownDriver: 'Unknown Driver',
  unknownTruck: 'Unknown Truck',
} as const;

export const LOCATION_FILTERS = [
  { value: 'all', label: 'All Locations' },
  { value: 'drivers', label: 'Drivers Only' },
  { value: 'trucks', label: 'Trucks Only' },
] as const;
export type LocationFilter = (typeof LOCATION_FILTERS)[number]['value'];

/** Spec 9: coordinates to 5 decimals. */
export const coordinatesText = ({ latitude, longitude }: Pick<GpsLocation, 'latitude' | 'longitude'>) =>
  `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

/** The external maps service a coordinate links to (in a new tab). */
export const mapsUrl = ({ latitude, longitude }: Pick<GpsLocation, 'latitude' | 'longitude'>) =>
  `https://www.google.com/maps?q=${latitude.toFixed(7)},${longitude.toFixed(7)}`;

/** Spec 2.14: 'MMM d, yyyy h:mm a'. */
export const locationTimeText = (timestamp: string) => dayjs(timestamp).format('MMM D, YYYY h:mm A');

/** Speed in mph with 0 decimals, only if present. */
export const speedText = (speed: number | null | undefined) => (speed === null || speed === undefined ? null : `${speed.toFixed(0)} mph`);

/** Heading in degrees, if not null. */
export const headingText = (heading: number | null | undefined) => (heading === null || heading === undefined ? null : `${heading}°`);

/** A badge's text: the name or number, 'N/A' without a reference, 'Unknown …' for one not found. */
export function referenceLabel(id: string | null, records: RecordLookup<unknown>, unknown: string): string {
  if (!id) return GPS_TEXTS.notAvailable;
  return records.label(id) ?? unknown;
}

/** The entries the filter and the search keep (search on the driver's name or the truck's number). */
export function visibleLocations(
  locations: readonly GpsLocation[],
  filter: LocationFilter,
  search: string,
  drivers: RecordLookup<unknown>,
  trucks: RecordLookup<unknown>,
): readonly GpsLocation[] {
  const kept = locations.filter((location) => (filter === 'drivers' ? location.driverId : filter === 'trucks' ? location.truckId : true));
  return filterBySearch(kept, search, [
    (location) => drivers.label(location.driverId),
    (location) => trucks.label(location.truckId),
  ]);
}
