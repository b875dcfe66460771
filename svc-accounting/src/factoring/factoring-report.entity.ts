import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ReportKind } from '@tms/contracts';

/** A factor's report as applied: its kind, its rows, and the columns it was read by (remembered for the next). */
@Entity({ name: 'factoring_reports' })
export class FactoringReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  kind!: ReportKind;

  @Column({ name: 'row_count', type: 'int' })
  rowCount!: number;

  @Column({ type: 'jsonb' })
  mapping!: Record<string, string>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
