import { z } from 'zod';
import { FIELD_MESSAGES, fieldIssues } from '../fields.js';

export const GPS_MESSAGES = {
  latitude: 'Latitude is required',
  longitude: 'Longitude is required',
  timestamp: 'Timestamp is required',
  invalidTimestamp: 'Timestamp must be an ISO 8601 date and time, like 2025-06-01T14:30:00Z',
  futureTimestamp: 'Timestamp must not be in the future',
  number: 'Must be a number',
  heading: 'Heading must be between 0 and 359 degrees',
  accuracy: 'Accuracy must be 0 or at least 0.001 meters',
  subject: 'A position needs a driverId or a truckId',
  driverId: 'Driver id must be a uuid',
  truckId: 'Truck id must be a uuid',
  loadId: 'Load id must be a uuid',
  batchEmpty: 'A batch needs at least one position',
  batchTooLarge: (max: number) => `A batch holds at most ${max} positions`,
  moreProblems: (listed: number) => `The first ${listed} positions with problems are listed; fix them and send the batch again`,
  body: 'The body must be a position or an array of positions',
  unauthorized: 'A valid device token is required (Authorization: Bearer <token>)',
  forbidden: 'This device may only post positions of its own truck and driver',
  tooManyRequests: 'Too many positions from this device: slow down and retry later',
} as const;

/** Positions per request at most (a batch). */
export const GPS_BATCH_MAX = 1000;
/**
 * Positions of a bad batch whose problems are answered: the check stops there (a careless device's 1,000 bad
 * positions would cost the gateway a second of checking and a 300 KB answer).
 */
export const GPS_REPORTED_POSITIONS = 10;
/** How far ahead of the server's clock a device clock may run before its timestamps are refused. */
export const GPS_FUTURE_TOLERANCE_MS = 10 * 60 * 1000;
/**
 * Spec 9: latitude and longitude numeric(10,7), speed numeric(5,2) in mph, heading 0-359 (smallint, rounded),
 * accuracy in meters (real). Every value within these is one the positions' columns take (numeric rounds what it
 * cannot hold exactly), except a real's underflow: see GPS_ACCURACY_SMALLEST.
 */
export const GPS_RANGES = {
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  speed: { min: 0, max: 999.99 },
  heading: { min: 0, max: 359 },
  accuracy: { min: 0, max: 100000 },
} as const;

/**
 * The smallest accuracy above 0: Postgres's real refuses a non-zero value it would round to 0 (1e-50 fails the whole
 * write), and nothing below a millimetre is a GPS accuracy, so smaller ones are refused with a message, not stored.
 */
export const GPS_ACCURACY_SMALLEST = 0.001;

type Range = { min: number; max: number };

/** A finite number within range; numeric text from devices ('41.2') is taken too. */
const number = (range: Range, missing: string, outOfRange = FIELD_MESSAGES.outOfRange(range.min, range.max)) =>
  z
    .union([z.number(), z.string().trim().regex(/^[+-]?(\d+\.?\d*|\.\d+)$/, GPS_MESSAGES.number).transform(Number)], {
      error: (issue) => (issue.input === undefined || issue.input === null ? missing : GPS_MESSAGES.number),
    })
    .pipe(z.number().finite(GPS_MESSAGES.number).min(range.min, outOfRange).max(range.max, outOfRange));

const optionalNumber = (range: Range, outOfRange?: string) =>
  number(range, GPS_MESSAGES.number, outOfRange)
    .nullish()
    .transform((value) => value ?? null);

const storableAccuracy = (value: number | null) => value === null || value === 0 || value >= GPS_ACCURACY_SMALLEST;

const optionalId = (message: string) =>
  z
    .uuid({ error: message })
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null));

/** ISO 8601 with a time and an offset ('Z' or '+02:00'), not in the future: stored as an instant. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const timestamp = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? GPS_MESSAGES.timestamp : GPS_MESSAGES.invalidTimestamp) })
  .trim()
  .min(1, GPS_MESSAGES.timestamp)
  .transform((value, ctx) => {
    const time = ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
    const year = Number.isNaN(time) ? 0 : new Date(time).getUTCFullYear();
    if (Number.isNaN(time) || year < 1970 || year > 2999) {
      ctx.addIssue({ code: 'custom', message: GPS_MESSAGES.invalidTimestamp });
      return z.NEVER;
    }
    if (time > Date.now() + GPS_FUTURE_TOLERANCE_MS) {
      ctx.addIssue({ code: 'custom', message: GPS_MESSAGES.futureTimestamp });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

/**
 * Spec 5's ingestion rule (fields it does not name, such as a tracker's battery level, are ignored): latitude, longitude and timestamp (ISO 8601) are required, plus at least one of driverId
 * or truckId (a bound device may leave its own out: the gateway fills them in before this check). Optional: speed
 * (mph), heading (0-359), accuracy (meters), loadId.
 */
export const gpsPositionSchema = z
  .object(
    {
      latitude: number(GPS_RANGES.latitude, GPS_MESSAGES.latitude),
      longitude: number(GPS_RANGES.longitude, GPS_MESSAGES.longitude),
      timestamp,
      driverId: optionalId(GPS_MESSAGES.driverId),
      truckId: optionalId(GPS_MESSAGES.truckId),
      loadId: optionalId(GPS_MESSAGES.loadId),
      speed: optionalNumber(GPS_RANGES.speed),
      heading: optionalNumber(GPS_RANGES.heading, GPS_MESSAGES.heading),
      accuracy: optionalNumber(GPS_RANGES.accuracy).refine(storableAccuracy, GPS_MESSAGES.accuracy),
    },
    { error: GPS_MESSAGES.body },
  )
  .refine((position) => position.driverId !== null || position.truckId !== null, { message: GPS_MESSAGES.subject, path: ['driverId'] });
export type GpsPositionInput = z.input<typeof gpsPositionSchema>;
export type GpsPositionFields = z.output<typeof gpsPositionSchema>;

const UUID = z.regexes.uuid();
const inRange = (value: unknown, { min, max }: Range): value is number => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
const absent = (value: unknown) => value === undefined || value === null;
/** An id as the schema answers it (null when absent), or undefined for anything the schema is left to judge. */
const plainId = (id: unknown) => (absent(id) ? null : typeof id === 'string' && UUID.test(id) ? id.toLowerCase() : undefined);
const plainOptional = (value: unknown, range: Range) => (absent(value) ? null : inRange(value, range) ? value : undefined);
/** Instants of the years the schema takes, 1970 to 2999. */
const FIRST_INSTANT = Date.UTC(1970, 0, 1);
const PAST_LAST_INSTANT = Date.UTC(3000, 0, 1);
/**
 * Date#toISOString's own form, which it gives back unchanged: a day of 28 or less and an hour under 24 (Date.parse
 * rolls '02-30' over to March and '24:00' to the next day, so those are written anew).
 */
const ISO_AS_WRITTEN = /^\d{4}-\d\d-(?:[01]\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/**
 * The usual position (numbers as numbers, ids as uuids, a timestamp as ISO 8601 with an offset), checked without
 * zod: a batch of 1,000 would otherwise spend milliseconds in it. It answers only what gpsPositionSchema answers
 * for the same input (a property test holds it to that); anything else, valid or not, is left to the schema, which
 * also words every refusal. It allocates nothing but its answer: the gateway runs it for every position it takes.
 */
export function plainGpsPosition(input: Record<string, unknown>, now = Date.now()): GpsPositionFields | undefined {
  const { latitude, longitude, timestamp } = input;
  if (!inRange(latitude, GPS_RANGES.latitude) || !inRange(longitude, GPS_RANGES.longitude)) return undefined;
  if (typeof timestamp !== 'string' || !ISO_INSTANT.test(timestamp)) return undefined;
  const time = Date.parse(timestamp);
  if (!(time >= FIRST_INSTANT && time < PAST_LAST_INSTANT) || time > now + GPS_FUTURE_TOLERANCE_MS) return undefined;
  const driverId = plainId(input.driverId);
  const truckId = plainId(input.truckId);
  const loadId = plainId(input.loadId);
  if (driverId === undefined || truckId === undefined || loadId === undefined || (driverId === null && truckId === null)) return undefined;
  const speed = plainOptional(input.speed, GPS_RANGES.speed);
  const heading = plainOptional(input.heading, GPS_RANGES.heading);
  const accuracy = plainOptional(input.accuracy, GPS_RANGES.accuracy);
  if (speed === undefined || heading === undefined || accuracy === undefined || !storableAccuracy(accuracy)) return undefined;
  return {
    latitude,
    longitude,
    timestamp: ISO_AS_WRITTEN.test(timestamp) ? timestamp : new Date(time).toISOString(),
    driverId,
    truckId,
    loadId,
    speed,
    heading,
    accuracy,
  };
}

/** A position checked: by plainGpsPosition when it can, else by the schema. */
function checkPosition(input: Record<string, unknown>): { ok: true; position: GpsPositionFields } | { ok: false; issues: Record<string, string[]> } {
  const plain = plainGpsPosition(input);
  if (plain) return { ok: true, position: plain };
  const parsed = gpsPositionSchema.safeParse(input);
  return parsed.success ? { ok: true, position: parsed.data } : { ok: false, issues: fieldIssues(parsed.error) };
}

/** A position as svc-telematics stores and answers it (spec 3's GPS location). */
export const gpsLocationSchema = z.object({
  id: z.string(),
  driverId: z.string().nullable(),
  truckId: z.string().nullable(),
  loadId: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  accuracy: z.number().nullable(),
  timestamp: z.string(),
  createdAt: z.string(),
});
export type GpsLocation = z.infer<typeof gpsLocationSchema>;

/**
 * One request's positions, checked, from one device. A GPS stream message is a JSON array of them: the gateway
 * sends the requests of one moment together (svc-gateway's GpsGroupPublisher).
 */
export interface GpsEnvelope {
  deviceId: string;
  receivedAt: string;
  positions: GpsPositionFields[];
}

export type GpsBodyCheck =
  | { ok: true; positions: GpsPositionFields[]; batch: boolean }
  | { ok: false; issues: Record<string, string[]> };

/**
 * POST /api/gps's body: one position or an array of 1 to GPS_BATCH_MAX. Issues of a batch are named by the index of
 * the position ('3.latitude'); one bad position refuses the whole batch. `fill` completes each position before the
 * check (a bound device's own truck and driver).
 */
export function checkGpsBody(body: unknown, fill: (position: Record<string, unknown>) => Record<string, unknown> = (p) => p): GpsBodyCheck {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (Array.isArray(body)) {
    if (body.length === 0) return { ok: false, issues: { _: [GPS_MESSAGES.batchEmpty] } };
    if (body.length > GPS_BATCH_MAX) return { ok: false, issues: { _: [GPS_MESSAGES.batchTooLarge(GPS_BATCH_MAX)] } };
    const issues: Record<string, string[]> = {};
    const positions: GpsPositionFields[] = [];
    let refused = 0;
    for (let index = 0; index < body.length; index++) {
      if (refused === GPS_REPORTED_POSITIONS) {
        issues._ = [GPS_MESSAGES.moreProblems(GPS_REPORTED_POSITIONS)];
        break;
      }
      const item: unknown = body[index];
      if (!isObject(item)) {
        issues[String(index)] = [GPS_MESSAGES.body];
        refused++;
        continue;
      }
      const checked = checkPosition(fill(item));
      if (checked.ok) positions.push(checked.position);
      else {
        for (const [field, messages] of Object.entries(checked.issues)) issues[`${index}.${field}`] = messages;
        refused++;
      }
    }
    return Object.keys(issues).length ? { ok: false, issues } : { ok: true, positions, batch: true };
  }
  if (!isObject(body)) return { ok: false, issues: { _: [GPS_MESSAGES.body] } };
  const checked = checkPosition(fill(body));
  return checked.ok ? { ok: true, positions: [checked.position], batch: false } : { ok: false, issues: checked.issues };
}

/**
 * A truck's track (`GET /api/gps/track?truckId=&from=&to=`): its stored positions between two moments, oldest first,
 * thinned evenly to at most TRACK_MAX_POINTS (the first and the last always kept) so that a week of positions every
 * few seconds still draws at once. The Stops drawer draws the load's truck from its assignment.
 */
export const TRACK_MAX_POINTS = 500;
/** The longest span asked for at once: a long-haul load's weeks, not a year of positions. */
export const TRACK_MAX_DAYS = 31;
export const TRACK_MESSAGES = {
  truckId: GPS_MESSAGES.truckId,
  from: 'from must be an ISO 8601 date and time, like 2025-06-01T14:30:00Z',
  to: 'to must be an ISO 8601 date and time, like 2025-06-01T14:30:00Z',
  order: 'to must not be before from',
  span: `A track covers at most ${TRACK_MAX_DAYS} days`,
} as const;

const trackMoment = (message: string) => z.iso.datetime({ offset: true, error: message });
export const trackQuerySchema = z
  .object({ truckId: z.uuid({ error: TRACK_MESSAGES.truckId }), from: trackMoment(TRACK_MESSAGES.from), to: trackMoment(TRACK_MESSAGES.to) })
  .superRefine(({ from, to }, ctx) => {
    const span = Date.parse(to) - Date.parse(from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: TRACK_MESSAGES.order });
    else if (span > TRACK_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: TRACK_MESSAGES.span });
  });
export type TrackQuery = z.output<typeof trackQuerySchema>;

export const trackPointSchema = z.object({ latitude: z.number(), longitude: z.number(), at: z.string() });
export type TrackPoint = z.infer<typeof trackPointSchema>;
export const trackSchema = z.object({
  truckId: z.string(),
  /** How many positions the span holds; `points` has at most TRACK_MAX_POINTS of them. */
  positions: z.number().int(),
  points: z.array(trackPointSchema),
});
export type Track = z.infer<typeof trackSchema>;

/**
 * Issue 43: what GPS saw of a truck at a stop, the evidence of a detention line: the first and the last stored
 * position of the truck within the stop's radius between two moments, each with its distance from the stop, and how
 * many positions were inside. Asked by svc-accounting on `{root}.telematics.gps.stop-evidence` for an invoice's packet.
 */
export const GPS_STOP_EVIDENCE = { resource: 'gps', action: 'stop-evidence' } as const;
export const gpsStopEvidenceSubject = (root: string) => `${root}.telematics.gps.stop-evidence`;
export const stopEvidenceQuerySchema = z
  .object({
    truckId: z.uuid({ error: TRACK_MESSAGES.truckId }),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    radiusMiles: z.number().positive().max(50),
    from: trackMoment(TRACK_MESSAGES.from),
    to: trackMoment(TRACK_MESSAGES.to),
  })
  .superRefine(({ from, to }, ctx) => {
    const span = Date.parse(to) - Date.parse(from);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: TRACK_MESSAGES.order });
    else if (span > TRACK_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: TRACK_MESSAGES.span });
  });
export type StopEvidenceQuery = z.input<typeof stopEvidenceQuerySchema>;
export const stopEvidenceFixSchema = z.object({ at: z.string(), latitude: z.number(), longitude: z.number(), miles: z.number().describe('From the stop, in miles') });
export type StopEvidenceFix = z.infer<typeof stopEvidenceFixSchema>;
export const stopEvidenceSchema = z.object({ first: stopEvidenceFixSchema.nullable(), last: stopEvidenceFixSchema.nullable(), inside: z.number().int() });
export type StopEvidence = z.infer<typeof stopEvidenceSchema>;
