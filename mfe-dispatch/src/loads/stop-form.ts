import { STOP_TYPES, type Stop, type StopInput, type StopTimeSource, type StopType } from '@tms/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Stops section and drawer say (issue 42). */
export const STOP_TEXTS = {
  section: 'Stops',
  sectionHint: 'The first stop is the pickup and the last the delivery above; add stops between them.',
  add: 'Add Stop',
  remove: 'Remove stop',
  moveUp: 'Move stop up',
  moveDown: 'Move stop down',
  menu: 'Stops',
  drawerTitle: (loadNumber: string) => `Stops of ${loadNumber}`,
  appointment: 'Appointment',
  arrived: 'Arrived',
  departed: 'Departed',
  noAppointment: 'No appointment',
  notYet: 'Not yet',
  eta: 'Estimated arrival',
  gpsSaw: 'GPS saw',
  lookedUp: { zip: 'Located by its ZIP code', city: 'Located by its city and state' } as Record<string, string>,
  notLocated: 'Not located: GPS cannot see this stop',
  /** Beside the route of a load with more than two stops: the stops between its pickup and its delivery. */
  moreStops: (count: number) => `+${count} ${count === 1 ? 'stop' : 'stops'}`,
  mapLabel: 'Map of the stops and the truck',
} as const;

/** A stop as the section's inputs hold it: times as pickers' values; what was looked up or seen, shown only. */
export interface StopFormValues {
  id?: string;
  type: StopType;
  location: string;
  address: string;
  facility: string;
  latitude: number | null;
  longitude: number | null;
  geocoded: Stop['geocoded'];
  radiusMiles: number | null;
  appointmentStart: Dayjs | null;
  appointmentEnd: Dayjs | null;
  reference: string;
  notes: string;
  arrivedAt: Dayjs | null;
  arrivedSource: StopTimeSource | null;
  departedAt: Dayjs | null;
  departedSource: StopTimeSource | null;
  gpsArrivedAt: string | null;
  gpsDepartedAt: string | null;
}

const time = (text: string | null | undefined) => (text ? dayjs(text) : null);

/** An empty stop of a type (a new load's pickup and delivery, a stop added between). */
export function newStop(type: StopType, location = ''): StopFormValues {
  return {
    type,
    location,
    address: '',
    facility: '',
    latitude: null,
    longitude: null,
    geocoded: null,
    radiusMiles: null,
    appointmentStart: null,
    appointmentEnd: null,
    reference: '',
    notes: '',
    arrivedAt: null,
    arrivedSource: null,
    departedAt: null,
    departedSource: null,
    gpsArrivedAt: null,
    gpsDepartedAt: null,
  };
}

/** A stored stop's form values. */
export function stopFormValues(stop: Stop): StopFormValues {
  return {
    id: stop.id,
    type: stop.type,
    location: stop.location,
    address: stop.address ?? '',
    facility: stop.facility ?? '',
    latitude: stop.latitude,
    longitude: stop.longitude,
    geocoded: stop.geocoded,
    radiusMiles: stop.radiusMiles,
    appointmentStart: time(stop.appointmentStart),
    appointmentEnd: time(stop.appointmentEnd),
    reference: stop.reference ?? '',
    notes: stop.notes ?? '',
    arrivedAt: time(stop.arrivedAt),
    arrivedSource: stop.arrivedSource,
    departedAt: time(stop.departedAt),
    departedSource: stop.departedSource,
    gpsArrivedAt: stop.gpsArrivedAt,
    gpsDepartedAt: stop.gpsDepartedAt,
  };
}

const textOrNull = (text: string | null | undefined) => (text?.trim() ? text : null);
const isoOrNull = (at: Dayjs | null | undefined) => (at && at.isValid() ? at.toISOString() : null);

/**
 * A stop as the load's body gives it: coordinates only when typed in (looked-up ones are looked up again), a time
 * without its source as the dispatcher's.
 */
export function stopPayload(stop: StopFormValues): StopInput {
  const typed = !stop.geocoded && stop.latitude !== null && stop.longitude !== null;
  return {
    ...(stop.id ? { id: stop.id } : {}),
    type: stop.type,
    location: stop.location ?? '',
    address: textOrNull(stop.address),
    facility: textOrNull(stop.facility),
    latitude: typed ? stop.latitude : null,
    longitude: typed ? stop.longitude : null,
    radiusMiles: stop.radiusMiles ?? null,
    appointmentStart: isoOrNull(stop.appointmentStart),
    appointmentEnd: isoOrNull(stop.appointmentEnd),
    reference: textOrNull(stop.reference),
    notes: textOrNull(stop.notes),
    arrivedAt: isoOrNull(stop.arrivedAt),
    arrivedSource: stop.arrivedAt ? (stop.arrivedSource ?? 'dispatcher') : null,
    departedAt: isoOrNull(stop.departedAt),
    departedSource: stop.departedAt ? (stop.departedSource ?? 'dispatcher') : null,
  };
}

/** Only a pickup and a delivery with nothing but their places: the load is written the spec's way. */
export function onlySpecStops(stops: readonly StopFormValues[]): boolean {
  if (stops.length !== 2 || stops.some((stop) => stop.id)) return false;
  const blank = newStop('pickup');
  return stops.every((stop, index) =>
    (Object.keys(blank) as (keyof StopFormValues)[]).every((field) => field === 'location' || field === 'type' || stop[field] === blank[field] || stop[field] === '') && stop.type === STOP_TYPES[index],
  );
}

/** The spec's fields the first and last stop give: their places, and their appointments' days. */
export function specFromStops(stops: readonly StopFormValues[]) {
  const first = stops[0];
  const last = stops.at(-1);
  const day = (stop: StopFormValues | undefined) => stop?.appointmentStart ?? stop?.appointmentEnd ?? null;
  return {
    ...(first ? { pickupLocation: first.location } : {}),
    ...(day(first) ? { pickupDate: day(first)!.startOf('day') } : {}),
    ...(last ? { deliveryLocation: last.location } : {}),
    ...(day(last) ? { deliveryDate: day(last)!.startOf('day') } : {}),
  };
}

/** A stop's appointment moved to `day`, keeping its times of day (none stays none). */
export function movedToDay(stop: StopFormValues, day: Dayjs | null): StopFormValues {
  if (!day) return stop;
  const reference = stop.appointmentStart ?? stop.appointmentEnd;
  if (!reference) return stop;
  const shift = day.startOf('day').diff(reference.startOf('day'), 'day');
  return { ...stop, appointmentStart: stop.appointmentStart?.add(shift, 'day') ?? null, appointmentEnd: stop.appointmentEnd?.add(shift, 'day') ?? null };
}
