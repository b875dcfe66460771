import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Accident } from '@tms/contracts';

@Entity({ name: 'accidents' })
export class AccidentEntity implements Accident {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Real foreign keys to core.drivers and core.trucks: a driver or truck with accidents cannot be deleted. */
  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  @Column({ name: 'truck_id', type: 'uuid', nullable: true })
  truckId!: string | null;

  /** A real foreign key to core.loads, nulled when the load is deleted: the accident stays on record. */
  @Column({ name: 'load_id', type: 'uuid', nullable: true })
  loadId!: string | null;

  /** 'YYYY-MM-DD'. */
  @Column({ name: 'accident_date', type: 'date' })
  accidentDate!: string;

  @Column({ type: 'text' })
  location!: string;

  @Column({ type: 'text' })
  severity!: Accident['severity'];

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text' })
  status!: Accident['status'];

  @Column({ name: 'injuries_reported', type: 'int' })
  injuriesReported!: number;

  @Column({ name: 'police_report_number', type: 'text', nullable: true })
  policeReportNumber!: string | null;

  @Column({ name: 'insurance_claim_number', type: 'text', nullable: true })
  insuranceClaimNumber!: string | null;

  /** Dollars as text ('12500.00'), or none. */
  @Column({ name: 'estimated_cost', type: 'numeric', precision: 10, scale: 2, nullable: true })
  estimatedCost!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
