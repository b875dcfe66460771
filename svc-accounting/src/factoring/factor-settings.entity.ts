import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { FactorSettings } from '@tms/contracts';

/** The factor's settings: one row, made with the defaults by the migration and changed through the write pipeline. */
export const FACTOR_SETTINGS_ID = '00000000-0000-4000-8000-000000000045';

@Entity({ name: 'factor_settings' })
export class FactorSettingsEntity implements FactorSettings {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'remit_to', type: 'text' })
  remitTo!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'client_number', type: 'text' })
  clientNumber!: string;

  @Column({ name: 'notice_text', type: 'text' })
  noticeText!: string;

  @Column({ name: 'advance_percent', type: 'numeric', precision: 5, scale: 2 })
  advancePercent!: string;

  @Column({ name: 'fee_percent', type: 'numeric', precision: 5, scale: 2 })
  feePercent!: string;

  @Column({ name: 'recourse_days', type: 'int' })
  recourseDays!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
