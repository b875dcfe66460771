import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Settlement } from '@tms/contracts';

@Entity({ name: 'settlements' })
export class SettlementEntity implements Settlement {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** A driver of svc-core, checked over NATS when written. */
  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  @Column({ name: 'settlement_number', type: 'text' })
  settlementNumber!: string;

  @Column({ name: 'period_start', type: 'date' })
  periodStart!: string;

  @Column({ name: 'period_end', type: 'date' })
  periodEnd!: string;

  @Column({ name: 'total_miles', type: 'int', nullable: true })
  totalMiles!: number | null;

  @Column({ name: 'total_revenue', type: 'numeric', precision: 10, scale: 2 })
  totalRevenue!: string;

  @Column({ name: 'driver_pay', type: 'numeric', precision: 10, scale: 2 })
  driverPay!: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  deductions!: string;

  /** Always driver pay - deductions: the service writes it. */
  @Column({ name: 'net_pay', type: 'numeric', precision: 10, scale: 2 })
  netPay!: string;

  @Column({ type: 'text' })
  status!: Settlement['status'];

  /** Only while the settlement is Paid. */
  @Column({ name: 'paid_date', type: 'date', nullable: true })
  paidDate!: string | null;

  @Column({ name: 'payment_method', type: 'text', nullable: true })
  paymentMethod!: Settlement['paymentMethod'];

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** The loads it pays (svc-core's, held there): a load is paid by at most one settlement that is not cancelled. */
  @Column({ name: 'load_ids', type: 'uuid', array: true })
  loadIds!: string[];

  /** Issue 48: the driver deductions it subtracts: each by at most one settlement that is not cancelled. */
  @Column({ name: 'deduction_ids', type: 'uuid', array: true, default: () => "'{}'" })
  deductionIds!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
