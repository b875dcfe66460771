import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { InvoiceIssuer, ScheduleRow } from '@tms/contracts';

/** What a schedule prints of the factor, as it was when the schedule was made. */
export interface ScheduleFactor {
  name: string;
  clientNumber: string;
}

/** A schedule of accounts: its rows, the factor and the carrier kept as they were when it was made. */
@Entity({ name: 'factoring_schedules' })
export class FactoringScheduleEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'schedule_number', type: 'text' })
  scheduleNumber!: string;

  @Column({ name: 'schedule_date', type: 'date' })
  scheduleDate!: string;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  total!: string;

  @Column({ type: 'jsonb' })
  rows!: ScheduleRow[];

  @Column({ type: 'jsonb' })
  warnings!: string[];

  @Column({ type: 'jsonb' })
  factor!: ScheduleFactor;

  @Column({ type: 'jsonb' })
  issuer!: InvoiceIssuer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
