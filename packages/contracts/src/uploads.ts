/**
 * What the two document uploads share, AI Extract's (ai/extract.ts) and a load's Documents (dispatch/document.ts):
 * the file travels to the gateway as a base64 data URL; the gateway puts its bytes in a JetStream object store
 * bucket (a document is larger than NATS's max_payload) and sends the service the object's name.
 */

/** The largest document taken (a 10 MB scan fits with room): the drop zone refuses larger files, the gateway answers 413. */
export const UPLOAD_MAX_FILE_BYTES = 15 * 1024 * 1024;

/** How long an upload nobody took stays in its bucket. */
export const UPLOAD_TTL_MS = 10 * 60 * 1000;

export const UPLOAD_MESSAGES = {
  tooLarge: `The document is too large: at most ${UPLOAD_MAX_FILE_BYTES / (1024 * 1024)} MB.`,
  fileData: 'The file must be sent as a base64 data URL',
  empty: 'The file is empty.',
} as const;

/**
 * The name of one of a subject root's object store buckets (`purpose`: 'documents', 'extract-uploads'): one set per
 * root, so tests never meet a running system's objects; the root's other characters become '_', as bucket names want.
 */
export const objectBucketName = (root: string, purpose: string) => `${root.replace(/[^A-Za-z0-9_-]/g, '_')}-${purpose}`;

/**
 * A base64 data URL of at least one byte ('data:application/pdf;base64,JVBER...'), as the API document says the
 * upload routes take it (the gateway's decodeDataUrl also takes white space in the base64 and padding left out).
 */
export const DATA_URL_PATTERN = '^data:[^,]*;[Bb][Aa][Ss][Ee]64,(?=[A-Za-z0-9+/]{2})(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';
