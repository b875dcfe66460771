import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ChargeTerms } from '@tms/contracts';

/** The company's charge terms (issue 43): one row, COMPANY_CHARGE_TERMS_ID, made by the migration with the defaults. */
@Entity({ name: 'charge_terms' })
export class ChargeTermsEntity implements ChargeTerms {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'detention_free_hours', type: 'numeric', precision: 4, scale: 2 })
  detentionFreeHours!: string;

  @Column({ name: 'detention_rate_per_hour', type: 'numeric', precision: 10, scale: 2 })
  detentionRatePerHour!: string;

  @Column({ name: 'detention_cap_hours', type: 'numeric', precision: 4, scale: 2, nullable: true })
  detentionCapHours!: string | null;

  @Column({ name: 'billing_increment_minutes', type: 'int' })
  billingIncrementMinutes!: number;

  @Column({ name: 'layover_per_day', type: 'numeric', precision: 10, scale: 2, nullable: true })
  layoverPerDay!: string | null;

  @Column({ name: 'tonu_flat', type: 'numeric', precision: 10, scale: 2, nullable: true })
  tonuFlat!: string | null;

  @Column({ name: 'stop_off_per_stop', type: 'numeric', precision: 10, scale: 2, nullable: true })
  stopOffPerStop!: string | null;

  @Column({ name: 'fuel_surcharge_per_mile', type: 'numeric', precision: 10, scale: 2, nullable: true })
  fuelSurchargePerMile!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
