import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A driver's pairing with a phone (issue 44): one per driver; its secrets are in core.driver_pairing_secrets. */
@Entity({ name: 'driver_pairings' })
export class DriverPairingEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'driver_id', type: 'uuid' })
  driverId!: string;

  @Column({ name: 'link_expires_at', type: 'timestamptz' })
  linkExpiresAt!: Date;

  @Column({ name: 'paired_at', type: 'timestamptz', nullable: true })
  pairedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
