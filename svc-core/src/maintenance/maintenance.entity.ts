import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MaintenanceRecord } from '@tms/contracts';

@Entity({ name: 'maintenance_records' })
export class MaintenanceEntity implements MaintenanceRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** A real foreign key to core.trucks: a truck with a service history cannot be deleted. */
  @Column({ name: 'truck_id', type: 'uuid' })
  truckId!: string;

  @Column({ name: 'maintenance_type', type: 'text' })
  maintenanceType!: MaintenanceRecord['maintenanceType'];

  /** 'YYYY-MM-DD': Postgres `date` travels as text, never shifted by a time zone. */
  @Column({ name: 'service_date', type: 'date' })
  serviceDate!: string;

  /** The odometer at the service, in miles. */
  @Column({ type: 'int', nullable: true })
  mileage!: number | null;

  /** Dollars as text ('389.95'): the pg driver reads numeric as a string, so no amount passes through a float. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  cost!: string;

  @Column({ type: 'text', nullable: true })
  vendor!: string | null;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'next_service_mileage', type: 'int', nullable: true })
  nextServiceMileage!: number | null;

  @Column({ name: 'next_service_date', type: 'date', nullable: true })
  nextServiceDate!: string | null;

  @Column({ type: 'text' })
  status!: MaintenanceRecord['status'];

  @Column({ name: 'invoice_number', type: 'text', nullable: true })
  invoiceNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
