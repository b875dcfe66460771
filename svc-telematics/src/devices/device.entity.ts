import type { Device } from '@tms/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A device that posts positions. Its token's hash lives in device_tokens, so that no list ever carries it. */
@Entity({ name: 'devices' })
export class DeviceEntity implements Omit<Device, 'createdAt' | 'updatedAt' | 'lastPositionAt'> {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  /** A truck of svc-core, checked over NATS when written: the device posts for it only. */
  @Column({ name: 'truck_id', type: 'uuid', nullable: true })
  truckId!: string | null;

  /** A driver of svc-core, checked over NATS when written: the device posts for them only. */
  @Column({ name: 'driver_id', type: 'uuid', nullable: true })
  driverId!: string | null;

  /** When its latest stored position was taken; written by the positions consumer. */
  @Column({ name: 'last_position_at', type: 'timestamptz', nullable: true })
  lastPositionAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
