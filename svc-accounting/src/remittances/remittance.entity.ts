import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentMethod, Remittance } from '@tms/contracts';

@Entity({ name: 'remittances' })
export class RemittanceEntity implements Remittance {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** A customer of svc-core, held there while the remittance names it. */
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  /** What the customer sent. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  amount!: string;

  /** The customer's credit (earlier remittances' unapplied) it spent too. */
  @Column({ name: 'credit_used', type: 'numeric', precision: 10, scale: 2 })
  creditUsed!: string;

  /** What its payments add up to. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  applied!: string;

  /** What it left as the customer's credit: amount + credit used − applied. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  unapplied!: string;

  @Column({ name: 'payment_date', type: 'date' })
  paymentDate!: string;

  @Column({ name: 'payment_method', type: 'text' })
  paymentMethod!: PaymentMethod;

  @Column({ name: 'reference_number', type: 'text', nullable: true })
  referenceNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
