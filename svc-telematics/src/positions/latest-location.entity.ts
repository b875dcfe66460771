import type { GpsLocation } from '@tms/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A row of the `latest_locations` view: the latest position of each driver and of each truck, each position once
 * (migration 1764200000000). Read only, page by page like any list.
 */
@Entity({ name: 'latest_locations' })
export class LatestLocationEntity implements Omit<GpsLocation, 'timestamp' | 'createdAt'> {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'driver_id', type: 'uuid', nullable: true })
  driverId!: string | null;

  @Column({ name: 'truck_id', type: 'uuid', nullable: true })
  truckId!: string | null;

  @Column({ name: 'load_id', type: 'uuid', nullable: true })
  loadId!: string | null;

  @Column({ type: 'double precision' })
  latitude!: number;

  @Column({ type: 'double precision' })
  longitude!: number;

  @Column({ type: 'double precision', nullable: true })
  speed!: number | null;

  @Column({ type: 'smallint', nullable: true })
  heading!: number | null;

  @Column({ type: 'double precision', nullable: true })
  accuracy!: number | null;

  @Column({ type: 'timestamptz' })
  timestamp!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
