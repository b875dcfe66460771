import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers and loads. A load's customer is required and cannot be deleted under it; its driver and truck are
 * unassigned when deleted. Load numbers are unique whatever their case; money is numeric(10,2).
 */
export class Dispatch1763900000000 implements MigrationInterface {
  name = 'Dispatch1763900000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.customers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        address text NOT NULL,
        type text NOT NULL DEFAULT 'shipper',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX customers_list_order_idx ON core.customers (created_at DESC, id DESC)`);
    await runner.query(`
      CREATE TABLE core.loads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        load_number text NOT NULL,
        customer_id uuid NOT NULL CONSTRAINT loads_customer_id_fkey REFERENCES core.customers (id) ON DELETE RESTRICT,
        status text NOT NULL DEFAULT 'pending',
        pickup_location text NOT NULL,
        pickup_date date NOT NULL,
        delivery_location text NOT NULL,
        delivery_date date NOT NULL,
        rate numeric(10, 2) NOT NULL,
        assigned_driver_id uuid CONSTRAINT loads_assigned_driver_id_fkey REFERENCES core.drivers (id) ON DELETE SET NULL,
        assigned_truck_id uuid CONSTRAINT loads_assigned_truck_id_fkey REFERENCES core.trucks (id) ON DELETE SET NULL,
        expenses numeric(10, 2) NOT NULL DEFAULT 0,
        weight integer NOT NULL DEFAULT 0,
        commodity text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX loads_load_number_key ON core.loads (lower(load_number))`);
    await runner.query(`CREATE INDEX loads_list_order_idx ON core.loads (created_at DESC, id DESC)`);
    // The foreign keys' own lookups: a customer's loads are counted before it is deleted, and deleting a driver
    // or truck finds the loads to unassign.
    await runner.query(`CREATE INDEX loads_customer_id_idx ON core.loads (customer_id)`);
    await runner.query(`CREATE INDEX loads_assigned_driver_id_idx ON core.loads (assigned_driver_id)`);
    await runner.query(`CREATE INDEX loads_assigned_truck_id_idx ON core.loads (assigned_truck_id)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.loads`);
    await runner.query(`DROP TABLE core.customers`);
  }
}
