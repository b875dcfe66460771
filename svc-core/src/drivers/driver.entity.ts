import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Driver } from '@tms/contracts';

@Entity({ name: 'drivers' })
export class DriverEntity implements Driver {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  phone!: string;

  @Column({ name: 'license_number', type: 'text' })
  licenseNumber!: string;

  @Column({ type: 'text' })
  status!: Driver['status'];

  /** 'YYYY-MM-DD': Postgres `date` travels as text, never shifted by a time zone. */
  @Column({ name: 'license_expiration', type: 'date', nullable: true })
  licenseExpiration!: string | null;

  @Column({ name: 'medical_card_number', type: 'text', nullable: true })
  medicalCardNumber!: string | null;

  @Column({ name: 'medical_card_expiration', type: 'date', nullable: true })
  medicalCardExpiration!: string | null;

  /** A real foreign key to core.trucks, nulled when the truck is deleted. */
  @Column({ name: 'assigned_truck_id', type: 'uuid', nullable: true })
  assignedTruckId!: string | null;

  /** The pay rule: both or neither. The rate as text with its type's decimals ('28.00' %, '0.655' $/mile). */
  @Column({ name: 'pay_type', type: 'text', nullable: true })
  payType!: Driver['payType'];

  @Column({ name: 'pay_rate', type: 'text', nullable: true })
  payRate!: string | null;

  /** Issue 43: dollars for each stop beyond a load's first pickup and last delivery (numeric: read as text). */
  @Column({ name: 'per_stop_pay', type: 'numeric', precision: 10, scale: 2, nullable: true })
  perStopPay!: string | null;

  /** Issue 43: the percent of a load's approved detention paid to the driver. */
  @Column({ name: 'detention_share_percent', type: 'numeric', precision: 5, scale: 2, nullable: true })
  detentionSharePercent!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
