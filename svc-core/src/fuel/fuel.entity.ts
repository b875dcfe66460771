import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { FuelPurchase } from '@tms/contracts';

@Entity({ name: 'fuel_transactions' })
export class FuelEntity implements FuelPurchase {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Real foreign keys to core.trucks and core.drivers: a truck or driver with fuel purchases cannot be deleted. */
  @Column({ name: 'truck_id', type: 'uuid' })
  truckId!: string;

  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  /** A real foreign key to core.loads, nulled when the load is deleted: the purchase stays, with no load. */
  @Column({ name: 'load_id', type: 'uuid', nullable: true })
  loadId!: string | null;

  /** 'YYYY-MM-DD': Postgres `date` travels as text, never shifted by a time zone. */
  @Column({ name: 'transaction_date', type: 'date' })
  transactionDate!: string;

  @Column({ type: 'text' })
  vendor!: string;

  /** 'City, State'. */
  @Column({ type: 'text' })
  location!: string;

  /** Thousandths as text ('125.500'), as the pg driver reads numeric: never a float. */
  @Column({ type: 'numeric', precision: 10, scale: 3 })
  gallons!: string;

  @Column({ name: 'price_per_gallon', type: 'numeric', precision: 10, scale: 3 })
  pricePerGallon!: string;

  /** Dollars as text: always gallons × price per gallon to the cent, worked out by the service. */
  @Column({ name: 'total_cost', type: 'numeric', precision: 10, scale: 2 })
  totalCost!: string;

  @Column({ name: 'fuel_type', type: 'text' })
  fuelType!: FuelPurchase['fuelType'];

  /** The last digits of the fuel card, at most 4. */
  @Column({ name: 'card_number', type: 'text', nullable: true })
  cardNumber!: string | null;

  @Column({ name: 'receipt_number', type: 'text', nullable: true })
  receiptNumber!: string | null;

  /** Miles. */
  @Column({ name: 'odometer_reading', type: 'int', nullable: true })
  odometerReading!: number | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** Issue 48: the statement line it was imported from (layout|card's last four|invoice|item); null when typed. */
  @Column({ name: 'import_key', type: 'text', nullable: true })
  importKey!: string | null;

  /** What the GPS check found when it was imported ('Far from the truck (42 mi)'). */
  @Column({ name: 'gps_warnings', type: 'text', array: true, default: () => "'{}'" })
  gpsWarnings!: string[];

  /** Bought in a state the truck had no position in that day: not tax-paid gallons on the IFTA report. */
  @Column({ name: 'not_in_state', type: 'boolean', default: false })
  notInState!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
