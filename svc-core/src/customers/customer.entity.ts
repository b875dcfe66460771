import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Customer } from '@tms/contracts';

@Entity({ name: 'customers' })
export class CustomerEntity implements Customer {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'text' })
  type!: Customer['type'];

  // Its own charge terms (issue 43): each empty for the company's (ChargeTermsService).
  @Column({ name: 'detention_free_hours', type: 'numeric', precision: 4, scale: 2, nullable: true })
  detentionFreeHours!: string | null;

  @Column({ name: 'detention_rate_per_hour', type: 'numeric', precision: 10, scale: 2, nullable: true })
  detentionRatePerHour!: string | null;

  @Column({ name: 'detention_cap_hours', type: 'numeric', precision: 4, scale: 2, nullable: true })
  detentionCapHours!: string | null;

  @Column({ name: 'billing_increment_minutes', type: 'int', nullable: true })
  billingIncrementMinutes!: number | null;

  @Column({ name: 'layover_per_day', type: 'numeric', precision: 10, scale: 2, nullable: true })
  layoverPerDay!: string | null;

  @Column({ name: 'tonu_flat', type: 'numeric', precision: 10, scale: 2, nullable: true })
  tonuFlat!: string | null;

  @Column({ name: 'stop_off_per_stop', type: 'numeric', precision: 10, scale: 2, nullable: true })
  stopOffPerStop!: string | null;

  @Column({ name: 'fuel_surcharge_per_mile', type: 'numeric', precision: 10, scale: 2, nullable: true })
  fuelSurchargePerMile!: string | null;

  /** Issue 45: 'direct' or 'factored' (its invoices sold to the factor). */
  @Column({ type: 'text', default: 'direct' })
  invoicing!: NonNullable<Customer['invoicing']>;

  /** Issue 46: where 'Send Invoice' sends its invoices; '' for none. */
  @Column({ name: 'billing_email', type: 'text', default: '' })
  billingEmail!: string;

  /** Issue 47: its MC number, by which a document it sends is known; '' for none. */
  @Column({ name: 'mc_number', type: 'text', default: '' })
  mcNumber!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
