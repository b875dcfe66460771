import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Maintenance records and fuel purchases. A company never loses a truck's service history or a truck's and driver's
 * fuel purchases: the trucks and drivers they name cannot be deleted under them (ON DELETE RESTRICT; the services
 * refuse first, counting them). A deleted load only leaves its fuel purchases with no load. Money is numeric(10,2),
 * gallons and price per gallon numeric(10,3). Lists read newest first: by day, then by when they were recorded.
 */
export class MaintenanceFuel1764000000000 implements MigrationInterface {
  name = 'MaintenanceFuel1764000000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.maintenance_records (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        truck_id uuid NOT NULL CONSTRAINT maintenance_records_truck_id_fkey REFERENCES core.trucks (id) ON DELETE RESTRICT,
        maintenance_type text NOT NULL,
        service_date date NOT NULL,
        mileage integer,
        cost numeric(10, 2) NOT NULL,
        vendor text,
        description text NOT NULL,
        next_service_mileage integer,
        next_service_date date,
        status text NOT NULL DEFAULT 'Scheduled',
        invoice_number text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX maintenance_records_list_order_idx ON core.maintenance_records (service_date DESC, created_at DESC, id DESC)`);
    // A truck's records are counted before it is deleted.
    await runner.query(`CREATE INDEX maintenance_records_truck_id_idx ON core.maintenance_records (truck_id)`);

    await runner.query(`
      CREATE TABLE core.fuel_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        truck_id uuid NOT NULL CONSTRAINT fuel_transactions_truck_id_fkey REFERENCES core.trucks (id) ON DELETE RESTRICT,
        driver_id uuid NOT NULL CONSTRAINT fuel_transactions_driver_id_fkey REFERENCES core.drivers (id) ON DELETE RESTRICT,
        load_id uuid CONSTRAINT fuel_transactions_load_id_fkey REFERENCES core.loads (id) ON DELETE SET NULL,
        transaction_date date NOT NULL,
        vendor text NOT NULL,
        location text NOT NULL,
        gallons numeric(10, 3) NOT NULL,
        price_per_gallon numeric(10, 3) NOT NULL,
        total_cost numeric(10, 2) NOT NULL,
        fuel_type text NOT NULL,
        card_number text,
        receipt_number text,
        odometer_reading integer,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX fuel_transactions_list_order_idx ON core.fuel_transactions (transaction_date DESC, created_at DESC, id DESC)`);
    // A truck's and a driver's purchases are counted before they are deleted; a deleted load finds the purchases to unlink.
    await runner.query(`CREATE INDEX fuel_transactions_truck_id_idx ON core.fuel_transactions (truck_id)`);
    await runner.query(`CREATE INDEX fuel_transactions_driver_id_idx ON core.fuel_transactions (driver_id)`);
    await runner.query(`CREATE INDEX fuel_transactions_load_id_idx ON core.fuel_transactions (load_id)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.fuel_transactions`);
    await runner.query(`DROP TABLE core.maintenance_records`);
  }
}
