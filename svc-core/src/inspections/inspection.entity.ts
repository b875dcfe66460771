import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Inspection } from '@tms/contracts';

@Entity({ name: 'inspections' })
export class InspectionEntity implements Inspection {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Real foreign keys to core.trucks and core.drivers: a truck or driver with inspections cannot be deleted. */
  @Column({ name: 'truck_id', type: 'uuid' })
  truckId!: string;

  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  @Column({ name: 'inspection_type', type: 'text' })
  inspectionType!: Inspection['inspectionType'];

  /** 'YYYY-MM-DD': Postgres `date` travels as text, never shifted by a time zone. */
  @Column({ name: 'inspection_date', type: 'date' })
  inspectionDate!: string;

  @Column({ type: 'text' })
  status!: Inspection['status'];

  @Column({ type: 'text', nullable: true })
  defects!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ name: 'performed_by', type: 'text', nullable: true })
  performedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
