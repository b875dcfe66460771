import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Issue 48: what a driver owes back (a cash advance), until a settlement that is not cancelled subtracts it. */
@Entity({ name: 'driver_deductions' })
export class DriverDeductionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** A driver of svc-core, held there while this names it. */
  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  /** 'YYYY-MM-DD': the day it was drawn. */
  @Column({ name: 'deduction_date', type: 'date' })
  deductionDate!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  amount!: string;

  /** The statement line's key it was imported from (unique): imported again, it changes nothing. */
  @Column({ name: 'import_key', type: 'text', nullable: true })
  importKey!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
