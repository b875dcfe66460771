import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registry of references other services' records make to svc-core's (README: Architecture). A row holds one
 * record for one holder record ('accounting.invoices' + an invoice id → a load); its foreign key is ON DELETE
 * RESTRICT, so a record held here is never deleted, whatever the interleaving. `id` is drawn again at every hold,
 * so a hold made while svc-core was asking the holder is never mistaken for the stale one it asked about.
 */
export class HeldReferences1764300000000 implements MigrationInterface {
  name = 'HeldReferences1764300000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.held_references (
        id bigserial PRIMARY KEY,
        holder text NOT NULL,
        holder_id uuid NOT NULL,
        load_id uuid CONSTRAINT held_references_load_id_fkey REFERENCES core.loads (id) ON DELETE RESTRICT,
        customer_id uuid CONSTRAINT held_references_customer_id_fkey REFERENCES core.customers (id) ON DELETE RESTRICT,
        driver_id uuid CONSTRAINT held_references_driver_id_fkey REFERENCES core.drivers (id) ON DELETE RESTRICT,
        truck_id uuid CONSTRAINT held_references_truck_id_fkey REFERENCES core.trucks (id) ON DELETE RESTRICT,
        record_id uuid NOT NULL GENERATED ALWAYS AS (COALESCE(load_id, customer_id, driver_id, truck_id)) STORED,
        held_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT held_references_one_record CHECK (num_nonnulls(load_id, customer_id, driver_id, truck_id) = 1),
        CONSTRAINT held_references_holder_record_key UNIQUE (holder, holder_id, record_id)
      )`);
    // A delete's lookup, and the foreign keys' own.
    for (const column of ['load_id', 'customer_id', 'driver_id', 'truck_id']) {
      await runner.query(`CREATE INDEX held_references_${column}_idx ON core.held_references (${column}) WHERE ${column} IS NOT NULL`);
    }
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.held_references`);
  }
}
