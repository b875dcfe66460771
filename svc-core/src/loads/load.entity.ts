import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Load, Stop } from '@tms/contracts';

@Entity({ name: 'loads' })
export class LoadEntity implements Load {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'load_number', type: 'text' })
  loadNumber!: string;

  /** A real foreign key to core.customers: a customer with loads cannot be deleted. */
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ type: 'text' })
  status!: Load['status'];

  @Column({ name: 'pickup_location', type: 'text' })
  pickupLocation!: string;

  /** 'YYYY-MM-DD': Postgres `date` travels as text, never shifted by a time zone. */
  @Column({ name: 'pickup_date', type: 'date' })
  pickupDate!: string;

  @Column({ name: 'delivery_location', type: 'text' })
  deliveryLocation!: string;

  @Column({ name: 'delivery_date', type: 'date' })
  deliveryDate!: string;

  /** Dollars as text ('1234.50'): the pg driver reads numeric as a string, so no amount passes through a float. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  rate!: string;

  /** Real foreign keys to core.drivers and core.trucks, nulled when the driver or truck is deleted. */
  @Column({ name: 'assigned_driver_id', type: 'uuid', nullable: true })
  assignedDriverId!: string | null;

  @Column({ name: 'assigned_truck_id', type: 'uuid', nullable: true })
  assignedTruckId!: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  expenses!: string;

  /** Pounds. */
  @Column({ type: 'int' })
  weight!: number;

  @Column({ type: 'text', nullable: true })
  commodity!: string | null;

  /** Loaded miles: what a driver paid per mile is paid for. */
  @Column({ type: 'int', nullable: true })
  miles!: number | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** How many stops it has (the list's '+N stops' without reading them). */
  @Column({ name: 'stop_count', type: 'int' })
  stopCount!: number;

  /** Its stops as one readable line (stopsSummary): the CSV export's stops column, and stop changes in the audit trail. */
  @Column({ name: 'stops_summary', type: 'text' })
  stopsSummary!: string;

  /** When it was last given its truck while assigned or in transit: GPS watches its stops from then. */
  @Column({ name: 'assigned_at', type: 'timestamptz', nullable: true })
  assignedAt!: Date | null;

  /** Its stops in order: no column, answered by a load's own read and write (LoadStops). */
  stops?: Stop[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
