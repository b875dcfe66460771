import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Payment } from '@tms/contracts';

@Entity({ name: 'payments' })
export class PaymentEntity implements Payment {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** A real foreign key to accounting.invoices: an invoice with payments cannot be deleted. */
  @Column({ name: 'invoice_id', type: 'uuid' })
  invoiceId!: string;

  /** A customer of svc-core, checked over NATS when written. */
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  amount!: string;

  @Column({ name: 'payment_date', type: 'date' })
  paymentDate!: string;

  @Column({ name: 'payment_method', type: 'text' })
  paymentMethod!: Payment['paymentMethod'];

  @Column({ name: 'reference_number', type: 'text', nullable: true })
  referenceNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** The remittance that made it (a real foreign key), reversed whole; null for a payment recorded alone. */
  @Column({ name: 'remittance_id', type: 'uuid', nullable: true })
  remittanceId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
