import { z } from 'zod';
import { choice, requiredReference, requiredText, withFieldJsonSchema } from '../fields.js';
import { DATA_URL_PATTERN, objectBucketName, UPLOAD_MAX_FILE_BYTES, UPLOAD_MESSAGES, UPLOAD_TTL_MS } from '../uploads.js';

/**
 * A load's documents (spec 3: Document): the file a load was created from is kept with it. The metadata lives in
 * Postgres (core.documents); the bytes are too large for a NATS message (max_payload), so they live in a JetStream
 * object store bucket, one object per document, named by the document's id.
 *
 *   POST   /api/loads/:id/documents     { fileName, fileType, fileSize, fileData: <data URL>, documentType? }
 *   GET    /api/loads/:id/documents     the load's documents, without their data
 *   GET    /api/documents/:id/download  the bytes, as an attachment
 *   DELETE /api/documents/:id
 */

/** What a document is; the extraction says which when it can tell, else 'Other'. */
export const DOCUMENT_TYPES = ['Rate Confirmation', 'Bill of Lading', 'Load Tender', 'Proof of Delivery', 'Lumper Receipt', 'Scale Ticket', 'Other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DEFAULT_DOCUMENT_TYPE: DocumentType = 'Other';
/** The proof of delivery a delivered load is billed with (issue 44: Sign POD, Scan Document's POD, a staff upload). */
export const POD_DOCUMENT_TYPE: DocumentType = 'Proof of Delivery';

/** A document the extraction could read can be kept: the same limit, the same 413. */
export const DOCUMENT_MAX_FILE_BYTES = UPLOAD_MAX_FILE_BYTES;

/** A MIME type ('application/pdf'), as RFC 6838 spells its names. */
const MIME_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]{0,126}\/[A-Za-z0-9][\w!#$&^.+-]{0,126}$/;

export const DOCUMENT_MESSAGES = {
  fileName: 'File name is required',
  fileType: 'File type is required',
  invalidFileType: 'File type must be a MIME type, like application/pdf',
  fileSize: 'File size is required',
  fileData: 'File data is required',
  /** The data URL is not one (the extraction's own wording). */
  notDataUrl: UPLOAD_MESSAGES.fileData,
  empty: UPLOAD_MESSAGES.empty,
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  sizeMismatch: 'File size does not match the file',
  documentType: `Document type must be one of: ${DOCUMENT_TYPES.join(', ')}`,
  loadNotFound: 'Load not found',
  notFound: 'Document not found',
  /** The record is there but its bytes are not (they could not be stored or read back). */
  fileMissing: "The document's file is not available.",
  expired: 'The uploaded file is no longer available. Please try again.',
} as const;

/** The fields every document has, as a client sends them and svc-core keeps them. */
const documentFields = {
  fileName: requiredText(DOCUMENT_MESSAGES.fileName),
  fileType: z
    .string({ error: DOCUMENT_MESSAGES.fileType })
    .trim()
    .min(1, DOCUMENT_MESSAGES.fileType)
    .regex(MIME_TYPE, DOCUMENT_MESSAGES.invalidFileType)
    .transform((type) => type.toLowerCase()),
  fileSize: z
    .number({ error: DOCUMENT_MESSAGES.fileSize })
    .int(DOCUMENT_MESSAGES.fileSize)
    .min(1, DOCUMENT_MESSAGES.empty)
    .max(DOCUMENT_MAX_FILE_BYTES, DOCUMENT_MESSAGES.tooLarge)
    .describe("The file's size in bytes: an upload's must be the size of its fileData, decoded"),
  documentType: choice(DOCUMENT_TYPES, DOCUMENT_MESSAGES.documentType).default(DEFAULT_DOCUMENT_TYPE),
};

/** The body of POST /api/loads/:id/documents: the file as a base64 data URL, as POST /api/extract-load takes it. */
export const documentUploadSchema = z.object({
  ...documentFields,
  fileData: withFieldJsonSchema(z.string({ error: DOCUMENT_MESSAGES.fileData }).min(1, DOCUMENT_MESSAGES.fileData), {
    input: { type: 'string', pattern: DATA_URL_PATTERN },
    output: { type: 'string' },
  }),
});
export type DocumentUpload = z.input<typeof documentUploadSchema>;

/**
 * What the gateway sends svc-core to keep a document (`{root}.core.documents.create`): the fields, and the name of
 * the object the uploaded bytes wait in (bucket documentUploadBucket(root)); svc-core moves them to its own bucket.
 */
export const documentCreateSchema = z.object({
  ...documentFields,
  loadId: requiredReference(DOCUMENT_MESSAGES.loadNotFound, DOCUMENT_MESSAGES.loadNotFound),
  object: z.uuid({ error: DOCUMENT_MESSAGES.expired }),
});
export type DocumentCreatePayload = z.input<typeof documentCreateSchema>;
export type DocumentFields = Omit<z.output<typeof documentCreateSchema>, 'object'>;

/** A kept document as every answer gives it: never its data, which only the download route sends. */
export const loadDocumentSchema = documentCreateSchema.omit({ object: true }).extend({ id: z.string(), uploadedAt: z.string().describe('ISO timestamp') });
export type LoadDocument = z.output<typeof loadDocumentSchema>;

export const DOCUMENTS_RESOURCE = 'documents';
/** svc-core's actions on `{root}.core.documents.{action}`: create, list (of one load, `{ loadId }`), get, delete. */
export const DOCUMENT_ACTIONS = ['create', 'list', 'get', 'delete'] as const;
export interface DocumentListPayload {
  loadId: string;
}

/** Where kept documents' bytes live: one object per document, named by its id. svc-core writes and deletes them. */
export const documentsBucket = (root: string) => objectBucketName(root, 'documents');
/** Where an upload waits between the gateway and svc-core; what nobody took expires. */
export const documentUploadBucket = (root: string) => objectBucketName(root, 'document-uploads');
export const DOCUMENT_UPLOAD_TTL_MS = UPLOAD_TTL_MS;
