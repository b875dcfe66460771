import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Violation } from '@tms/contracts';

@Entity({ name: 'violations' })
export class ViolationEntity implements Violation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Real foreign keys to core.drivers and core.trucks: a driver or truck with violations cannot be deleted. */
  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  @Column({ name: 'truck_id', type: 'uuid', nullable: true })
  truckId!: string | null;

  @Column({ name: 'violation_type', type: 'text' })
  violationType!: Violation['violationType'];

  /** 'YYYY-MM-DD'. */
  @Column({ name: 'violation_date', type: 'date' })
  violationDate!: string;

  @Column({ type: 'text' })
  location!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text' })
  status!: Violation['status'];

  @Column({ name: 'citation_number', type: 'text', nullable: true })
  citationNumber!: string | null;

  /** Dollars as text ('250.00'), or none. */
  @Column({ name: 'fine_amount', type: 'numeric', precision: 10, scale: 2, nullable: true })
  fineAmount!: string | null;

  @Column({ type: 'int' })
  points!: number;

  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
