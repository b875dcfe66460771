import { companyTimeZone } from '@tms/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 42: a load is its stops. Each stop in order, with its appointment, what happened there (and who said so),
 * what GPS saw beside it and its latest estimate; the load keeps its count and a readable list of them (the list's
 * '+N stops', the CSV export and the audit trail, without reading the stops), and when it was given its truck (what
 * GPS watches from). Every existing load gets its two stops: its pickup and its delivery, each over its whole day in
 * the company's time zone.
 */
export class LoadStops1766400000000 implements MigrationInterface {
  name = 'LoadStops1766400000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.load_stops (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        load_id uuid NOT NULL CONSTRAINT load_stops_load_id_fkey REFERENCES core.loads (id) ON DELETE CASCADE,
        sequence integer NOT NULL,
        type text NOT NULL CONSTRAINT load_stops_type_check CHECK (type IN ('pickup', 'delivery')),
        location text NOT NULL,
        address text,
        facility text,
        latitude double precision,
        longitude double precision,
        geocoded text CONSTRAINT load_stops_geocoded_check CHECK (geocoded IN ('zip', 'city')),
        radius_miles double precision NOT NULL DEFAULT 0.5,
        appointment_start timestamptz,
        appointment_end timestamptz,
        reference text,
        notes text,
        arrived_at timestamptz,
        arrived_source text CONSTRAINT load_stops_arrived_source_check CHECK (arrived_source IN ('dispatcher', 'driver', 'gps')),
        departed_at timestamptz,
        departed_source text CONSTRAINT load_stops_departed_source_check CHECK (departed_source IN ('dispatcher', 'driver', 'gps')),
        gps_arrived_at timestamptz,
        gps_departed_at timestamptz,
        eta timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT load_stops_sequence_key UNIQUE (load_id, sequence) DEFERRABLE INITIALLY DEFERRED
      )`);
    await runner.query(`ALTER TABLE core.loads ADD COLUMN stop_count integer NOT NULL DEFAULT 2, ADD COLUMN stops_summary text NOT NULL DEFAULT '', ADD COLUMN assigned_at timestamptz`);
    const zone = companyTimeZone();
    const dayStart = (day: string) => `(${day}::timestamp AT TIME ZONE '${zone.replaceAll("'", "''")}')`;
    const dayEnd = (day: string) => `((${day}::timestamp + interval '23 hours 59 minutes') AT TIME ZONE '${zone.replaceAll("'", "''")}')`;
    await runner.query(`
      INSERT INTO core.load_stops (load_id, sequence, type, location, appointment_start, appointment_end)
      SELECT id, 1, 'pickup', pickup_location, ${dayStart('pickup_date')}, ${dayEnd('pickup_date')} FROM core.loads
      UNION ALL
      SELECT id, 2, 'delivery', delivery_location, ${dayStart('delivery_date')}, ${dayEnd('delivery_date')} FROM core.loads`);
    await runner.query(`
      UPDATE core.loads SET stops_summary = 'Pickup ' || pickup_location || ' ' || to_char(pickup_date, 'YYYY-MM-DD') || '; Delivery ' || delivery_location || ' ' || to_char(delivery_date, 'YYYY-MM-DD'),
        assigned_at = CASE WHEN status IN ('assigned', 'in-transit') THEN updated_at END`);
    // What GPS watches: the loads under way that have a truck.
    await runner.query(`CREATE INDEX loads_watched_idx ON core.loads (assigned_truck_id) WHERE status IN ('assigned', 'in-transit') AND assigned_truck_id IS NOT NULL`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP INDEX core.loads_watched_idx`);
    await runner.query(`ALTER TABLE core.loads DROP COLUMN stop_count, DROP COLUMN stops_summary, DROP COLUMN assigned_at`);
    await runner.query(`DROP TABLE core.load_stops`);
  }
}
