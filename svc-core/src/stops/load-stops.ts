import { Injectable } from '@nestjs/common';
import { DEFAULT_STOP_RADIUS_MILES, stopsSummary, type LoadFields, type Stop, type StopFields } from '@tms/contracts';
import { addDays, companyTimeZone, dayIn, instantIn } from '@tms/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { geocode } from './geocode.js';

type SpecFields = Pick<LoadFields, 'pickupLocation' | 'pickupDate' | 'deliveryLocation' | 'deliveryDate'>;
const SPEC_FIELDS = ['pickupLocation', 'pickupDate', 'deliveryLocation', 'deliveryDate'] as const;

/** A stop's columns as read (STOP_COLUMNS), times as ISO text. */
const STOP_COLUMNS = `id, sequence, type, location, address, facility, latitude, longitude, geocoded, radius_miles AS "radiusMiles",
  appointment_start AS "appointmentStart", appointment_end AS "appointmentEnd", reference, notes,
  arrived_at AS "arrivedAt", arrived_source AS "arrivedSource", departed_at AS "departedAt", departed_source AS "departedSource",
  gps_arrived_at AS "gpsArrivedAt", gps_departed_at AS "gpsDepartedAt", eta`;
const TIMES = ['appointmentStart', 'appointmentEnd', 'arrivedAt', 'departedAt', 'gpsArrivedAt', 'gpsDepartedAt', 'eta'] as const;

/** A stop row as the pg driver reads it (timestamps as Date) → a Stop (ISO text). */
export function stopOf(row: Record<string, unknown>): Stop {
  const stop = { ...row } as Record<string, unknown>;
  for (const field of TIMES) stop[field] = row[field] instanceof Date ? (row[field] as Date).toISOString() : (row[field] ?? null);
  return stop as unknown as Stop;
}

/** The columns a write gives a stop (the GPS ones are kept: stopsSeen writes them). */
const WRITTEN = `id, load_id, sequence, type, location, address, facility, latitude, longitude, geocoded, radius_miles, appointment_start, appointment_end,
  reference, notes, arrived_at, arrived_source, departed_at, departed_source`;
const UPDATED = WRITTEN.split(',')
  .map((column) => column.trim())
  .filter((column) => column !== 'id' && column !== 'load_id')
  .map((column) => `${column} = excluded.${column}`)
  .join(', ');

/**
 * A load's stops, written as part of the load's write (LoadsService's `derive` and `effects`): the whole list
 * replacing the stored one (a stop that keeps its id keeps what happened there), or the two stops of a load written
 * the spec's way, its first and last kept in step with the spec's pickup and delivery fields.
 */
@Injectable()
export class LoadStops {
  readonly timeZone = companyTimeZone();

  /** The spec's fields of a load with these stops: the first's and the last's place, and their appointments' days. */
  specFields(stops: readonly StopFields[], stored: SpecFields): SpecFields {
    const day = (stop: StopFields, kept: string) => {
      const at = stop.appointmentStart ?? stop.appointmentEnd;
      return at ? dayIn(this.timeZone, new Date(at)) : kept;
    };
    const [first, last] = [stops[0], stops.at(-1)!];
    return { pickupLocation: first.location, pickupDate: day(first, stored.pickupDate), deliveryLocation: last.location, deliveryDate: day(last, stored.deliveryDate) };
  }

  /** A load's stops in order. */
  async read(manager: EntityManager, loadId: string): Promise<Stop[]> {
    const rows: Record<string, unknown>[] = await manager.query(`SELECT ${STOP_COLUMNS} FROM core.load_stops WHERE load_id = $1 ORDER BY sequence`, [loadId]);
    return rows.map(stopOf);
  }

  /** The stops of these loads in order, by load (a CSV import's loads, in one query). */
  async readMany(manager: EntityManager, loadIds: readonly string[]): Promise<Map<string, Stop[]>> {
    const byLoad = new Map<string, Stop[]>();
    if (!loadIds.length) return byLoad;
    const rows: Record<string, unknown>[] = await manager.query(`SELECT load_id AS "loadId", ${STOP_COLUMNS} FROM core.load_stops WHERE load_id = ANY($1::uuid[]) ORDER BY load_id, sequence`, [loadIds]);
    for (const { loadId, ...row } of rows) byLoad.set(loadId as string, [...(byLoad.get(loadId as string) ?? []), stopOf(row)]);
    return byLoad;
  }

  /**
   * Writes a load's stops in its write's transaction and answers them with what the load keeps of them: `given`, the
   * whole list the write gave; else, for a new load, its two stops from the spec's fields; else the stored ones with
   * the first and last in step with the spec's fields when the write changed those.
   */
  async write(manager: EntityManager, load: SpecFields & { id: string }, given: readonly StopFields[] | undefined, before?: SpecFields): Promise<WrittenStops> {
    const stored = before ? await this.read(manager, load.id) : [];
    let wanted: WrittenStop[];
    if (given) wanted = this.replaced(given, stored);
    else if (!before || !stored.length) wanted = [this.specStop('pickup', load.pickupLocation, load.pickupDate), this.specStop('delivery', load.deliveryLocation, load.deliveryDate)];
    else if (SPEC_FIELDS.some((field) => load[field] !== before[field])) wanted = this.inStep(stored, load, before);
    else return { stored };
    const sequenced = wanted.map((stop, index) => ({ ...stop, sequence: index + 1 }));
    const keep = sequenced.map(({ id }) => id);
    if (stored.some(({ id }) => !keep.includes(id))) await manager.query(`DELETE FROM core.load_stops WHERE load_id = $1 AND NOT (id = ANY($2::uuid[]))`, [load.id, keep]);
    const rows = JSON.stringify(sequenced.map((stop) => ({ ...toColumns(stop), load_id: load.id })));
    const written: Record<string, unknown>[] = await manager.query(
      `INSERT INTO core.load_stops (${WRITTEN}) SELECT ${WRITTEN} FROM jsonb_populate_recordset(null::core.load_stops, $1::jsonb)
       ON CONFLICT (id) DO UPDATE SET ${UPDATED}, updated_at = now()
       RETURNING ${STOP_COLUMNS}`,
      [rows],
    );
    const stops = written.map(stopOf).sort((a, b) => a.sequence - b.sequence);
    return { stored, written: { stops, stopCount: stops.length, stopsSummary: stopsSummary(stops, this.timeZone) } };
  }

  /** The given list: a stop naming one of the stored ones keeps its id and what happened there unless it says. */
  private replaced(given: readonly StopFields[], stored: readonly Stop[]): WrittenStop[] {
    const byId = new Map(stored.map((stop) => [stop.id, stop]));
    return given.map((stop) => {
      const kept = stop.id ? byId.get(stop.id) : undefined;
      byId.delete(stop.id ?? '');
      const place = this.place(stop, kept);
      return {
        ...stop,
        ...place,
        id: kept?.id ?? randomUUID(),
        arrivedAt: stop.arrivedAt === undefined ? (kept?.arrivedAt ?? null) : stop.arrivedAt,
        arrivedSource: stop.arrivedAt === undefined ? (kept?.arrivedSource ?? null) : (stop.arrivedSource ?? null),
        departedAt: stop.departedAt === undefined ? (kept?.departedAt ?? null) : stop.departedAt,
        departedSource: stop.departedAt === undefined ? (kept?.departedSource ?? null) : (stop.departedSource ?? null),
      };
    });
  }

  /**
   * Where a stop is: as given, else looked up. Coordinates sent back as they were looked up (a form's round trip)
   * are looked up again, for the place may have changed.
   */
  private place(stop: Pick<StopFields, 'location' | 'address' | 'latitude' | 'longitude'>, kept?: Stop) {
    const given = stop.latitude !== null && stop.longitude !== null;
    const echoed = kept?.geocoded && kept.latitude === stop.latitude && kept.longitude === stop.longitude;
    return given && !echoed ? { latitude: stop.latitude, longitude: stop.longitude, geocoded: null } : geocode(stop.location, stop.address);
  }

  /** A stop of a load written the spec's way: its place, over its whole day in the company's time zone. */
  private specStop(type: Stop['type'], location: string, day: string): WrittenStop {
    const [start, end] = this.wholeDay(day);
    return {
      id: randomUUID(),
      type,
      location,
      address: null,
      facility: null,
      ...geocode(location, null),
      radiusMiles: DEFAULT_STOP_RADIUS_MILES,
      appointmentStart: start,
      appointmentEnd: end,
      reference: null,
      notes: null,
      arrivedAt: null,
      arrivedSource: null,
      departedAt: null,
      departedSource: null,
    };
  }

  /** The stored stops with the first and the last moved to the spec's fields the write changed. */
  private inStep(stored: readonly Stop[], load: SpecFields, before: SpecFields): WrittenStop[] {
    // A stop moved to another place is looked up there (its old address and coordinates were the old place's).
    const moved = (stop: Stop, location: string, wasLocation: string, day: string, wasDay: string): WrittenStop => {
      const place = location === wasLocation ? {} : { address: null, ...geocode(location, null) };
      return { ...stop, location, ...place, ...this.movedAppointment(stop, day, wasDay) };
    };
    const stops: WrittenStop[] = [...stored];
    stops[0] = moved(stored[0], load.pickupLocation, before.pickupLocation, load.pickupDate, before.pickupDate);
    const last = stops.length - 1;
    stops[last] = moved(stops[last] as Stop, load.deliveryLocation, before.deliveryLocation, load.deliveryDate, before.deliveryDate);
    return stops;
  }

  /** An appointment moved by the days its stop's day moved (a whole day when it had none). */
  private movedAppointment(stop: Pick<Stop, 'appointmentStart' | 'appointmentEnd'>, day: string, wasDay: string) {
    if (day === wasDay) return {};
    if (!stop.appointmentStart && !stop.appointmentEnd) {
      const [appointmentStart, appointmentEnd] = this.wholeDay(day);
      return { appointmentStart, appointmentEnd };
    }
    const shift = (at: string | null) => {
      if (!at) return null;
      const from = dayIn(this.timeZone, new Date(at));
      const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${wasDay}T00:00:00Z`)) / 86_400_000);
      const time = new Intl.DateTimeFormat('en-GB', { timeZone: this.timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(new Date(at));
      return instantIn(this.timeZone, addDays(from, days), time).toISOString();
    };
    return { appointmentStart: shift(stop.appointmentStart), appointmentEnd: shift(stop.appointmentEnd) };
  }

  private wholeDay(day: string): [string, string] {
    return [instantIn(this.timeZone, day, '00:00').toISOString(), instantIn(this.timeZone, day, '23:59').toISOString()];
  }
}

/** A load's stops as they were (`stored`: none for a new load) and, when the write changed them, as written. */
export interface WrittenStops {
  stored: Stop[];
  written?: { stops: Stop[]; stopCount: number; stopsSummary: string };
}

/** A stop as written: its given fields, where it is and how that was found, and what happened there. */
type WrittenStop = Omit<StopFields, 'id' | 'arrivedAt' | 'arrivedSource' | 'departedAt' | 'departedSource'> &
  Pick<Stop, 'id' | 'geocoded' | 'arrivedAt' | 'arrivedSource' | 'departedAt' | 'departedSource'> & { sequence?: number };

/** A stop's written columns, by name, for jsonb_populate_recordset. */
const toColumns = (stop: WrittenStop & { sequence: number }) => ({
  id: stop.id,
  sequence: stop.sequence,
  type: stop.type,
  location: stop.location,
  address: stop.address,
  facility: stop.facility,
  latitude: stop.latitude,
  longitude: stop.longitude,
  geocoded: stop.geocoded,
  radius_miles: stop.radiusMiles,
  appointment_start: stop.appointmentStart,
  appointment_end: stop.appointmentEnd,
  reference: stop.reference,
  notes: stop.notes,
  arrived_at: stop.arrivedAt,
  arrived_source: stop.arrivedSource,
  departed_at: stop.departedAt,
  departed_source: stop.departedSource,
});
