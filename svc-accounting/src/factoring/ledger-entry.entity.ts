import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LedgerEntryKind } from '@tms/contracts';

/** One amount of the factoring ledger (contracts' factoring-ledger.ts says which and how much). */
@Entity({ name: 'factoring_ledger_entries' })
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'invoice_id', type: 'uuid' })
  invoiceId!: string;

  @Column({ name: 'invoice_number', type: 'text' })
  invoiceNumber!: string;

  @Column({ type: 'text' })
  kind!: LedgerEntryKind;

  @Column({ type: 'numeric', precision: 12, scale: 2 })
  amount!: string;

  @Column({ name: 'entry_date', type: 'date' })
  entryDate!: string;

  @Column({ name: 'report_id', type: 'uuid', nullable: true })
  reportId!: string | null;

  @Column({ name: 'row_key', type: 'text' })
  rowKey!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
