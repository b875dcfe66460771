import { z } from 'zod';

/**
 * What svc-telematics and svc-core say to each other about a load's stops (issue 42): svc-core owns the loads and
 * their stops; svc-telematics holds every stored position, so it watches the stops of loads under way and tells
 * svc-core what the truck did there. Requests: `{root}.core.loads.{stops-to-watch|stops-seen}`.
 */
export const STOP_WATCH_ACTIONS = {
  /**
   * StopsToWatchPage (`{}` for the first) → StopsToWatch: every load Assigned or In Transit that has a truck, with
   * its stops in order; a reply that stops short of a NATS message's limit names the page after it (`next`).
   */
  toWatch: 'stops-to-watch',
  /** StopsSeen → `{ recorded: number }`: what GPS saw at stops, and the latest estimate for the stops ahead. */
  seen: 'stops-seen',
} as const;

/** The radius around a stop that counts as being there, unless the stop sets its own. */
export const DEFAULT_STOP_RADIUS_MILES = 0.5;
/** Inside the radius this long is an arrival (at the first position inside). */
export const ARRIVAL_DWELL_MS = 2 * 60_000;
/** Outside again this long is a departure (at the last position inside). */
export const DEPARTURE_DWELL_MS = 3 * 60_000;
/** The late-risk estimate: great-circle miles times this, at RISK_SPEED_MPH. */
export const ROUTE_FACTOR = 1.2;
export const RISK_SPEED_MPH = 50;

const isoDateTime = z.iso.datetime({ offset: true });

export const watchedStopSchema = z.object({
  id: z.uuid(),
  /** 1-based position in the load. */
  sequence: z.number().int().min(1),
  type: z.enum(['pickup', 'delivery']),
  /** Null when neither given nor looked up: such a stop is never seen by GPS. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  radiusMiles: z.number().positive(),
  appointmentStart: isoDateTime.nullable(),
  appointmentEnd: isoDateTime.nullable(),
  /** What is recorded (by anyone) and what GPS saw, so the watcher knows where the truck is in the load. */
  arrivedAt: isoDateTime.nullable(),
  departedAt: isoDateTime.nullable(),
  gpsArrivedAt: isoDateTime.nullable(),
  gpsDepartedAt: isoDateTime.nullable(),
});
export type WatchedStop = z.infer<typeof watchedStopSchema>;

export const watchedLoadSchema = z.object({
  loadId: z.uuid(),
  truckId: z.uuid(),
  status: z.enum(['Assigned', 'In Transit']),
  /** When the load became watched (assigned): positions before it are not this load's. */
  since: isoDateTime,
  stops: z.array(watchedStopSchema),
});
export type WatchedLoad = z.infer<typeof watchedLoadSchema>;
/**
 * The loads under way and, when more follow (a thousand loads of three stops are over NATS's 1 MB), where the next
 * page starts: asked for as `{ after: next }`. A reply without `next` is the last (or the whole list).
 */
export type StopsToWatch = { loads: WatchedLoad[]; next?: string };
export const stopsToWatchPageSchema = z.object({ after: z.uuid().optional() });
export type StopsToWatchPage = z.infer<typeof stopsToWatchPageSchema>;

/**
 * What GPS saw at one stop: times are the positions' own (recorded) times. A field left out says nothing; svc-core
 * keeps a GPS time beside a dispatcher's or driver's and never overwrites theirs, and an arrival at the first pickup
 * moves an Assigned load to In Transit. `eta` is the estimate from the truck's latest position for a stop not yet
 * reached (null clears it).
 */
export const stopSeenSchema = z.object({
  loadId: z.uuid(),
  stopId: z.uuid(),
  gpsArrivedAt: isoDateTime.optional(),
  gpsDepartedAt: isoDateTime.optional(),
  eta: isoDateTime.nullable().optional(),
});
export type StopSeen = z.infer<typeof stopSeenSchema>;
export const stopsSeenSchema = z.object({ stops: z.array(stopSeenSchema).max(10_000) });
export type StopsSeen = z.infer<typeof stopsSeenSchema>;

/** Announced by svc-core on `{root}.events.stop.{arrived|departed}` when a stop's arrival or departure is first known. */
export const STOP_EVENTS = { arrived: 'arrived', departed: 'departed' } as const;
export type StopEvent = {
  loadId: string;
  stopId: string;
  sequence: number;
  type: 'pickup' | 'delivery';
  at: string;
  source: 'dispatcher' | 'driver' | 'gps';
};
