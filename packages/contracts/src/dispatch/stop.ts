import { z } from 'zod';
import { choice, optionalFreeText, optionalText, requiredText } from '../fields.js';
import { DEFAULT_STOP_RADIUS_MILES, RISK_SPEED_MPH } from './stop-watch.js';

/**
 * A load's stops (issue 42): pickups and deliveries in order, each with its appointment and what happened there.
 * The spec's pickup and delivery fields are the first and the last stop's.
 */
export const STOP_TYPES = ['pickup', 'delivery'] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const STOP_TYPE_LABELS: Record<StopType, string> = { pickup: 'Pickup', delivery: 'Delivery' };

/** Who said when the truck arrived at or left a stop. */
export const STOP_TIME_SOURCES = ['dispatcher', 'driver', 'gps'] as const;
export type StopTimeSource = (typeof STOP_TIME_SOURCES)[number];
export const STOP_TIME_SOURCE_LABELS: Record<StopTimeSource, string> = { dispatcher: 'Dispatcher', driver: 'Driver', gps: 'GPS' };

/** How a stop's coordinates were looked up when not given: from its address's ZIP code, or its city and state. */
export const STOP_GEOCODES = ['zip', 'city'] as const;
export type StopGeocode = (typeof STOP_GEOCODES)[number];

export const STOPS_MIN = 2;
export const STOPS_MAX = 20;
export const STOP_RADIUS_MAX_MILES = 50;

/** A stop's field messages, as shown under the field; the API names the stop before them (stopMessage). */
export const STOP_MESSAGES = {
  type: 'Type must be pickup or delivery',
  location: 'Location is required',
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
  coordinates: 'Give both latitude and longitude, or neither',
  radius: `Radius must be more than 0 and at most ${STOP_RADIUS_MAX_MILES} miles`,
  dateTime: 'Enter a valid date and time',
  source: 'Source must be dispatcher, driver or gps',
  appointmentEndBeforeStart: 'appointment end is before its start',
  departedBeforeArrived: 'departure is before its arrival',
  count: `A load has ${STOPS_MIN} to ${STOPS_MAX} stops`,
  firstPickup: 'The first stop must be a pickup',
  lastDelivery: 'The last stop must be a delivery',
} as const;

/** 'Stop 3: Location is required': a stop's message as the API answers it (`index` from 0). */
export const stopMessage = (index: number, message: string) => `Stop ${index + 1}: ${message}`;

/** A date-time with its offset (or Z), as ISO text in UTC; empty or null become null, missing stays missing. */
const dateTimeOrMissing = z
  .union([z.string().trim(), z.null()], { error: STOP_MESSAGES.dateTime })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (!value) return null;
    if (!z.iso.datetime({ offset: true }).safeParse(value).success || Number.isNaN(Date.parse(value))) {
      ctx.addIssue({ code: 'custom', message: STOP_MESSAGES.dateTime });
      return z.NEVER;
    }
    return new Date(value).toISOString();
  });
/** A date-time (dateTimeOrMissing); missing is null. */
const optionalDateTime = dateTimeOrMissing.transform((value) => value ?? null);

const optionalCoordinate = (limit: number, message: string) =>
  z.union([z.number(), z.string().trim(), z.null()], { error: message }).optional().transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const number = Number(value);
    if (!Number.isFinite(number) || Math.abs(number) > limit) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });

/** One stop as a create or an update gives it; a stop that keeps its `id` keeps what GPS saw there. */
export const stopInputSchema = z
  .object({
    id: z.uuid().optional(),
    type: choice(STOP_TYPES, STOP_MESSAGES.type),
    location: requiredText(STOP_MESSAGES.location),
    address: optionalText,
    facility: optionalText,
    latitude: optionalCoordinate(90, STOP_MESSAGES.latitude),
    longitude: optionalCoordinate(180, STOP_MESSAGES.longitude),
    radiusMiles: z
      .union([z.number(), z.string().trim(), z.null()], { error: STOP_MESSAGES.radius })
      .optional()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === '') return DEFAULT_STOP_RADIUS_MILES;
        const miles = Number(value);
        if (!Number.isFinite(miles) || miles <= 0 || miles > STOP_RADIUS_MAX_MILES) {
          ctx.addIssue({ code: 'custom', message: STOP_MESSAGES.radius });
          return z.NEVER;
        }
        return miles;
      }),
    appointmentStart: optionalDateTime,
    appointmentEnd: optionalDateTime,
    reference: optionalText,
    notes: optionalFreeText,
    /** Left out of a stop that keeps its id, what happened there is kept; null clears it. */
    arrivedAt: dateTimeOrMissing,
    arrivedSource: choice(STOP_TIME_SOURCES, STOP_MESSAGES.source).nullish(),
    departedAt: dateTimeOrMissing,
    departedSource: choice(STOP_TIME_SOURCES, STOP_MESSAGES.source).nullish(),
  })
  // Checked even when another field is wrong, so that every message shows at once.
  .superRefine(
    (stop, ctx) => {
      // Run even when the stop is no object at all (null among the stops): that is answered by the object's check.
      if (typeof stop !== 'object' || stop === null) return;
      const time = (value: unknown) => (typeof value === 'string' && value ? Date.parse(value) : Number.NaN);
      const before = (later: unknown, earlier: unknown) => time(later) < time(earlier);
      if ((stop.latitude == null) !== (stop.longitude == null)) ctx.addIssue({ code: 'custom', path: ['latitude'], message: STOP_MESSAGES.coordinates });
      if (before(stop.appointmentEnd, stop.appointmentStart)) ctx.addIssue({ code: 'custom', path: ['appointmentEnd'], message: STOP_MESSAGES.appointmentEndBeforeStart });
      if (before(stop.departedAt, stop.arrivedAt)) ctx.addIssue({ code: 'custom', path: ['departedAt'], message: STOP_MESSAGES.departedBeforeArrived });
    },
    { when: () => true },
  )
  .transform((stop) => {
    // A time without its source was entered by the dispatcher; a source without its time says nothing.
    const sourceOf = (at: string | null | undefined, source: StopTimeSource | null | undefined) => (at === undefined ? undefined : at ? (source ?? 'dispatcher') : null);
    return { ...stop, arrivedSource: sourceOf(stop.arrivedAt, stop.arrivedSource), departedSource: sourceOf(stop.departedAt, stop.departedSource) };
  });
export type StopInput = z.input<typeof stopInputSchema>;
export type StopFields = z.output<typeof stopInputSchema>;

/**
 * A load's whole list of stops, in order: 2 to 20, the first a pickup and the last a delivery. Each wrong field
 * is answered under `stops.{index}.{field}` with a message that names the stop ('Stop 3: Location is required').
 */
export const stopsInputSchema = z.array(z.unknown(), { error: STOP_MESSAGES.count }).transform((items, ctx) => {
  if (items.length < STOPS_MIN || items.length > STOPS_MAX) {
    ctx.addIssue({ code: 'custom', message: STOP_MESSAGES.count });
    return z.NEVER;
  }
  const typeOf = (item: unknown) => (item && typeof item === 'object' ? (item as { type?: unknown }).type : undefined);
  if (typeOf(items[0]) !== 'pickup') ctx.addIssue({ code: 'custom', path: [0, 'type'], message: STOP_MESSAGES.firstPickup });
  if (typeOf(items.at(-1)) !== 'delivery') ctx.addIssue({ code: 'custom', path: [items.length - 1, 'type'], message: STOP_MESSAGES.lastDelivery });
  const stops: StopFields[] = [];
  items.forEach((item, index) => {
    const parsed = stopInputSchema.safeParse(item);
    if (parsed.success) stops.push(parsed.data);
    else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [index, ...issue.path], message: stopMessage(index, issue.message) });
  });
  return stops.length === items.length ? stops : z.NEVER;
});

/** A stop as a load answers it (`GET /api/loads/{id}`): what was given, what was looked up, what happened there. */
export interface Stop extends Omit<StopFields, 'id' | 'arrivedAt' | 'arrivedSource' | 'departedAt' | 'departedSource'> {
  id: string;
  arrivedAt: string | null;
  arrivedSource: StopTimeSource | null;
  departedAt: string | null;
  departedSource: StopTimeSource | null;
  /** 1-based position in the load. */
  sequence: number;
  /** How the coordinates were looked up (null: given, or not found). */
  geocoded: StopGeocode | null;
  /** What GPS saw, kept beside a time a dispatcher or driver entered. */
  gpsArrivedAt: string | null;
  gpsDepartedAt: string | null;
  /** The latest estimate from GPS for a stop not yet reached. */
  eta: string | null;
}

/** Who a change GPS saw is made by, in the audit trail (no user made it). */
export const GPS_ACTOR = { id: '00000000-0000-4000-8000-000000000000', email: 'gps' } as const;

/** How a stop stands against its appointment (the Stops drawer, Needs Attention). */
export type StopStanding = 'on-time' | 'late' | 'at-risk' | 'pending';
export const STOP_STANDING_LABELS: Record<StopStanding, string> = { 'on-time': 'On time', late: 'Late', 'at-risk': 'At risk', pending: 'Not yet' };

/**
 * How a stop stands at `now`: arrived by its appointment's end (or with none) is on time, after it late; not yet
 * arrived, late once its end has passed, at risk when GPS's estimate comes after it.
 */
export function stopStanding(stop: Pick<Stop, 'appointmentEnd' | 'appointmentStart' | 'arrivedAt' | 'eta'>, now: Date = new Date()): { standing: StopStanding; lateMinutes: number } {
  const end = stop.appointmentEnd ?? stop.appointmentStart;
  const minutesAfter = (time: string | Date) => Math.round((new Date(time).getTime() - new Date(end!).getTime()) / 60_000);
  if (!end) return { standing: stop.arrivedAt ? 'on-time' : 'pending', lateMinutes: 0 };
  if (stop.arrivedAt) return minutesAfter(stop.arrivedAt) > 0 ? { standing: 'late', lateMinutes: minutesAfter(stop.arrivedAt) } : { standing: 'on-time', lateMinutes: 0 };
  if (minutesAfter(now) > 0) return { standing: 'late', lateMinutes: minutesAfter(now) };
  if (stop.eta && minutesAfter(stop.eta) > 0) return { standing: 'at-risk', lateMinutes: minutesAfter(stop.eta) };
  return { standing: 'pending', lateMinutes: 0 };
}

/** '2 h 5 min', '45 min': how late. */
export function lateText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours >= 48) return `${Math.floor(hours / 24)} days`;
  return hours ? `${hours} h${rest ? ` ${rest} min` : ''}` : `${rest} min`;
}

/** A time as the company reads it: '2026-11-03 08:00' in `timeZone`. */
export function companyTime(at: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(at))
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A stop's appointment as read: '2026-11-03 08:00-10:00', a whole day as its day, one time alone as it is. */
export function appointmentText(stop: Pick<StopFields, 'appointmentStart' | 'appointmentEnd'>, timeZone: string): string {
  const start = stop.appointmentStart ? companyTime(stop.appointmentStart, timeZone) : null;
  const end = stop.appointmentEnd ? companyTime(stop.appointmentEnd, timeZone) : null;
  if (start && end) {
    if (start.slice(0, 10) !== end.slice(0, 10)) return `${start} to ${end}`;
    return start.endsWith('00:00') && end.endsWith('23:59') ? start.slice(0, 10) : `${start}-${end.slice(11)}`;
  }
  return start ?? end ?? '';
}

type SummarizedStop = Pick<StopFields, 'type' | 'location' | 'appointmentStart' | 'appointmentEnd' | 'arrivedAt' | 'arrivedSource' | 'departedAt' | 'departedSource'>;

/**
 * A load's stops as one readable line (the CSV export's stops column, the audit trail of stop changes):
 * 'Pickup Dallas, TX 2026-11-03 08:00-10:00, arrived 2026-11-03 08:12 (GPS); Delivery Tulsa, OK 2026-11-04'.
 */
export function stopsSummary(stops: readonly SummarizedStop[], timeZone: string): string {
  return stops
    .map((stop) => {
      const said = [`${STOP_TYPE_LABELS[stop.type]} ${stop.location}`, appointmentText(stop, timeZone)].filter(Boolean).join(' ');
      const arrived = stop.arrivedAt ? `, arrived ${companyTime(stop.arrivedAt, timeZone)} (${STOP_TIME_SOURCE_LABELS[stop.arrivedSource ?? 'dispatcher']})` : '';
      const departed = stop.departedAt ? `, departed ${companyTime(stop.departedAt, timeZone)} (${STOP_TIME_SOURCE_LABELS[stop.departedSource ?? 'dispatcher']})` : '';
      return `${said}${arrived}${departed}`;
    })
    .join('; ');
}

/** svc-core's actions on `{root}.core.loads.{action}` about stops, beside the CRUD ones and the stop watch's. */
export const LOAD_STOP_ACTIONS = {
  /** `{}` → StopAttention[]: the loads under way whose stops need attention (the Dashboard's Needs Attention). */
  attention: 'attention',
} as const;
/** `GET /api/loads/attention`: LOAD_STOP_ACTIONS.attention over HTTP. */
export const LOADS_ATTENTION_PATH = 'loads/attention';

export const STOP_ATTENTION_KINDS = ['departed-last', 'late', 'detention', 'at-risk', 'paperwork-missing'] as const;
export type StopAttentionKind = (typeof STOP_ATTENTION_KINDS)[number];
export const STOP_ATTENTION_LABELS: Record<StopAttentionKind, string> = {
  'departed-last': 'Not delivered',
  late: 'Late',
  detention: 'Detention',
  'at-risk': 'At risk',
  'paperwork-missing': 'Paperwork missing',
};

export const STOP_ATTENTION_MESSAGES = {
  departedLast: 'Departed last stop, not delivered',
  late: (sequence: number, location: string, minutes: number) => `Stop ${sequence} (${location}) is late by ${lateText(minutes)}`,
  /** Issue 43: a truck waiting within DETENTION_NOTICE_MINUTES before its free time ends: brokers want notice before. */
  detention: (time: string, place: string) => `Detention starts at ${time} at ${place}, tell the broker now`,
  atRisk: (sequence: number, location: string, minutes: number) => `Stop ${sequence} (${location}) is at risk: ${lateText(minutes)} late at ${RISK_SPEED_MPH} mph`,
  /** Issue 44: a load delivered (not yet invoiced) with no proof of delivery kept on it: billing waits for it. */
  paperworkMissing: 'Paperwork missing',
} as const;

/** A load under way whose stop needs attention: its first such stop, and how late it is. */
export const stopAttentionSchema = z.object({
  loadId: z.string(),
  loadNumber: z.string(),
  kind: z.enum(STOP_ATTENTION_KINDS),
  stopId: z.string(),
  sequence: z.number().int(),
  location: z.string(),
  lateMinutes: z.number().int().describe("Minutes past the appointment's end (late), or the estimate's minutes past it (at risk); 0 for departed-last; for detention, minutes past the free time's end (negative: it is still ahead)"),
  message: z.string(),
});
export type StopAttention = z.infer<typeof stopAttentionSchema>;
