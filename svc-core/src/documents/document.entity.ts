import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { DocumentType } from '@tms/contracts';

/** A load's document (spec 3): the metadata; the bytes are the object named by `id` in DocumentFiles. */
@Entity({ name: 'documents' })
export class DocumentEntity {
  /** Set by svc-core when it stores the bytes, so that the row and the object share one name. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** A real foreign key to core.loads: the documents go with their load. */
  @Column({ name: 'load_id', type: 'uuid' })
  loadId!: string;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ name: 'file_type', type: 'text' })
  fileType!: string;

  /** Bytes. */
  @Column({ name: 'file_size', type: 'int' })
  fileSize!: number;

  @Column({ name: 'document_type', type: 'text' })
  documentType!: DocumentType;

  @CreateDateColumn({ name: 'uploaded_at', type: 'timestamptz' })
  uploadedAt!: Date;
}
