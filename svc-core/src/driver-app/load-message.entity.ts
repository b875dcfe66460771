import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LoadMessageAuthor } from '@tms/contracts';

/** A message on a load, from its driver or from dispatch (issue 44, point 5). */
@Entity({ name: 'load_messages' })
export class LoadMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'load_id', type: 'uuid' })
  loadId!: string;

  /** The load's driver when it was written (the thread is theirs). */
  @Column({ name: 'driver_id', type: 'uuid', nullable: true })
  driverId!: string | null;

  @Column({ type: 'text' })
  author!: LoadMessageAuthor;

  @Column({ name: 'author_name', type: 'text' })
  authorName!: string;

  @Column({ type: 'text' })
  body!: string;

  /** When the other side first read it. */
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
