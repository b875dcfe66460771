import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Expense } from '@tms/contracts';

@Entity({ name: 'expenses' })
export class ExpenseEntity implements Expense {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'expense_date', type: 'date' })
  expenseDate!: string;

  @Column({ type: 'text' })
  category!: Expense['category'];

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  amount!: string;

  @Column({ type: 'text', nullable: true })
  vendor!: string | null;

  @Column({ name: 'payment_method', type: 'text', nullable: true })
  paymentMethod!: Expense['paymentMethod'];

  /** A load of svc-core, optional, checked over NATS when written. */
  @Column({ name: 'load_id', type: 'uuid', nullable: true })
  loadId!: string | null;

  @Column({ name: 'receipt_url', type: 'text', nullable: true })
  receiptUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** Issue 48: the fuel card statement line it was imported from; null when typed. */
  @Column({ name: 'import_key', type: 'text', nullable: true })
  importKey!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
