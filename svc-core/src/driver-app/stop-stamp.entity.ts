import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StopStampKind } from '@tms/contracts';

/** A driver's arrival or departure at a stop, as the phone sent it (issue 44), with one location fix. */
@Entity({ name: 'stop_stamps' })
export class StopStampEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'load_id', type: 'uuid' })
  loadId!: string;

  @Column({ name: 'stop_id', type: 'uuid' })
  stopId!: string;

  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  @Column({ type: 'text' })
  kind!: StopStampKind;

  @Column({ type: 'timestamptz' })
  at!: Date;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;

  @Column({ name: 'accuracy_meters', type: 'double precision', nullable: true })
  accuracyMeters!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
