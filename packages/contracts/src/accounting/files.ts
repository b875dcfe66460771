import { objectBucketName, UPLOAD_TTL_MS } from '../uploads.js';

/**
 * A file svc-accounting renders (an invoice, a packet, a driver's statement: issue 26), as it answers it: the bytes in
 * the reply (base64) when small, else in the object store bucket renderedFilesBucket(root), named `object`, for the
 * gateway to take (a packet with its documents can pass NATS's max_payload many times over).
 */
export interface RenderedFile {
  fileName: string;
  contentType: string;
  data?: string;
  object?: string;
}

/** Files up to this size travel in the reply: base64 and the envelope keep it well under max_payload (1 MB). */
export const RENDERED_FILE_INLINE_MAX_BYTES = 512 * 1024;
export const renderedFilesBucket = (root: string) => objectBucketName(root, 'rendered-files');
/** How long a rendered file nobody took stays in its bucket. */
export const RENDERED_FILE_TTL_MS = UPLOAD_TTL_MS;
