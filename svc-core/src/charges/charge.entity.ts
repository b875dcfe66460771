import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ChargeCode, ChargeStatus, ChargeUnit } from '@tms/contracts';

/** A charge line of a load (issue 43): money as text (numeric), its amount worked out by ChargesService. */
@Entity({ name: 'load_charges' })
export class ChargeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'load_id', type: 'uuid' })
  loadId!: string;

  @Column({ type: 'text' })
  code!: ChargeCode;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'numeric', precision: 6, scale: 2 })
  quantity!: string;

  @Column({ type: 'text' })
  unit!: ChargeUnit;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  rate!: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  amount!: string;

  @Column({ type: 'boolean' })
  billable!: boolean;

  @Column({ name: 'payable_to_driver', type: 'boolean' })
  payableToDriver!: boolean;

  @Column({ type: 'boolean' })
  reimbursable!: boolean;

  @Column({ type: 'text' })
  status!: ChargeStatus;

  @Column({ name: 'stop_id', type: 'uuid', nullable: true })
  stopId!: string | null;

  @Column({ name: 'document_id', type: 'uuid', nullable: true })
  documentId!: string | null;

  /** Drafted by svc-core (detention from a stop's times, a stop-off by the terms), not typed by someone. */
  @Column({ type: 'boolean', default: false })
  drafted!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
