import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { FuelCardMapping, StatementField } from '@tms/contracts';

/** Issue 48: a fuel card statement's columns, mapped once by name and saved under a name for next time. */
@Entity({ name: 'fuel_card_mappings' })
export class FuelMappingEntity implements FuelCardMapping {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Unique, case not counting (fuel_card_mappings_name_key). */
  @Column({ type: 'text' })
  name!: string;

  /** Field (the generic template's) → the file's column title. */
  @Column({ type: 'jsonb' })
  columns!: Partial<Record<StatementField, string>>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
