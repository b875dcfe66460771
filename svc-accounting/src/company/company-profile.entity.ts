import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { CompanyProfile } from '@tms/contracts';

/** The carrier's profile: one row (COMPANY_PROFILE_ID). */
@Entity({ name: 'company_profile' })
export class CompanyProfileEntity implements CompanyProfile {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  address!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'mc_number', type: 'text' })
  mcNumber!: string;

  @Column({ name: 'dot_number', type: 'text' })
  dotNumber!: string;

  @Column({ name: 'remit_to', type: 'text' })
  remitTo!: string;

  @Column({ name: 'payment_terms_days', type: 'int' })
  paymentTermsDays!: number;

  @Column({ name: 'invoice_notes', type: 'text' })
  invoiceNotes!: string;

  @Column({ name: 'show_pay_to_drivers', type: 'boolean' })
  showPayToDrivers!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
