import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { LearnedLayoutField } from '@tms/contracts';

/** A layout learned from a saved load's document (layout-memory.ts): its fingerprint and where each value stood. */
@Entity({ name: 'extract_layouts' })
export class ExtractLayoutEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The document's sender or title: its first line. */
  @Column({ type: 'text' })
  title!: string;

  /** The fingerprint: the layout's label words, sorted. */
  @Column({ type: 'text', array: true })
  labels!: string[];

  @Column({ type: 'jsonb' })
  fields!: LearnedLayoutField[];

  @Column({ name: 'load_id', type: 'uuid' })
  loadId!: string;

  @Column({ name: 'load_number', type: 'text' })
  loadNumber!: string;

  @Column({ name: 'document_id', type: 'uuid' })
  documentId!: string;

  @Column({ name: 'learned_at', type: 'timestamptz' })
  learnedAt!: Date;

  @Column({ name: 'used_count', type: 'int', default: 0 })
  usedCount!: number;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}
