import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Invoice, InvoiceBillTo, InvoiceFactoringState, InvoiceIssuer, InvoiceLine } from '@tms/contracts';

@Entity({ name: 'invoices' })
export class InvoiceEntity implements Invoice {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'invoice_number', type: 'text' })
  invoiceNumber!: string;

  /** A load of svc-core, checked over NATS when written (no foreign key crosses schemas). */
  @Column({ name: 'load_id', type: 'uuid' })
  loadId!: string;

  /** A customer of svc-core, checked over NATS when written. */
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ type: 'text' })
  status!: Invoice['status'];

  /** 'YYYY-MM-DD': Postgres `date` travels as text, never shifted by a time zone. */
  @Column({ name: 'invoice_date', type: 'date' })
  invoiceDate!: string;

  @Column({ name: 'due_date', type: 'date' })
  dueDate!: string;

  /** Dollars as text ('1234.50'): the pg driver reads numeric as a string, so no amount passes through a float. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  subtotal!: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  tax!: string;

  /** Always subtotal + tax: the service writes it. */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  total!: string;

  /** The amount paid before any payment recorded here, plus every payment: payments change it in their transaction. */
  @Column({ name: 'paid_amount', type: 'numeric', precision: 10, scale: 2 })
  paidAmount!: string;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** Whom it bills as svc-core had the customer when it was issued (or first printed, for an older invoice). */
  @Column({ name: 'bill_to', type: 'jsonb', nullable: true })
  billTo!: InvoiceBillTo | null;

  /** The company profile as it was when it was issued: what its PDF prints, whatever the profile says later. */
  @Column({ name: 'issued_by', type: 'jsonb', nullable: true })
  issuedBy!: InvoiceIssuer | null;

  /** Issue 45: the schedule of accounts it is on (never two), written by FactoringSchedulesService. */
  @Column({ name: 'schedule_id', type: 'uuid', nullable: true })
  scheduleId!: string | null;

  /** Where it stands with the factor (the factor's reports and the recourse write it); null while it is not sold. */
  @Column({ name: 'factoring_state', type: 'text', nullable: true })
  factoringState!: InvoiceFactoringState | null;

  /** The day the factor bought it: the recourse days count from it. */
  @Column({ name: 'factored_on', type: 'date', nullable: true })
  factoredOn!: string | null;

  /**
   * Issue 43: what it bills (the line haul, then each approved billable charge), kept as svc-core had them when it
   * was made (or moved to another load), so a charge changed later never rewrites it. Empty on an older invoice.
   */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  lines!: InvoiceLine[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
