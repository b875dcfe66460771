import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Truck } from '@tms/contracts';

@Entity({ name: 'trucks' })
export class TruckEntity implements Truck {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'truck_number', type: 'text' })
  truckNumber!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'text' })
  status!: Truck['status'];

  @Column({ name: 'license_plate', type: 'text' })
  licensePlate!: string;

  @Column({ type: 'text', nullable: true })
  vin!: string | null;

  @Column({ type: 'int', nullable: true })
  year!: number | null;

  @Column({ type: 'text', nullable: true })
  make!: string | null;

  @Column({ type: 'text', nullable: true })
  model!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
