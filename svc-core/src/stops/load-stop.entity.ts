import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StopGeocode, StopTimeSource, StopType } from '@tms/contracts';

/** One stop of a load (issue 42): written with its load, in its write; deleted with it. */
@Entity({ name: 'load_stops' })
export class LoadStopEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'load_id', type: 'uuid' })
  loadId!: string;

  /** 1-based position in the load. */
  @Column({ type: 'int' })
  sequence!: number;

  @Column({ type: 'text' })
  type!: StopType;

  @Column({ type: 'text' })
  location!: string;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ type: 'text', nullable: true })
  facility!: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;

  @Column({ type: 'text', nullable: true })
  geocoded!: StopGeocode | null;

  @Column({ name: 'radius_miles', type: 'double precision' })
  radiusMiles!: number;

  @Column({ name: 'appointment_start', type: 'timestamptz', nullable: true })
  appointmentStart!: Date | null;

  @Column({ name: 'appointment_end', type: 'timestamptz', nullable: true })
  appointmentEnd!: Date | null;

  @Column({ type: 'text', nullable: true })
  reference!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ name: 'arrived_at', type: 'timestamptz', nullable: true })
  arrivedAt!: Date | null;

  @Column({ name: 'arrived_source', type: 'text', nullable: true })
  arrivedSource!: StopTimeSource | null;

  @Column({ name: 'departed_at', type: 'timestamptz', nullable: true })
  departedAt!: Date | null;

  @Column({ name: 'departed_source', type: 'text', nullable: true })
  departedSource!: StopTimeSource | null;

  @Column({ name: 'gps_arrived_at', type: 'timestamptz', nullable: true })
  gpsArrivedAt!: Date | null;

  @Column({ name: 'gps_departed_at', type: 'timestamptz', nullable: true })
  gpsDepartedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  eta!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
