import { DEFAULT_DOCUMENT_TYPE, type DocumentUpload, type ExtractLoadResult } from '@tms/contracts';

/** What the load dialog says of a load's documents. */
export const DOCUMENT_TEXTS = {
  title: 'Documents',
  empty: 'No documents',
  loadFailed: 'Failed to load documents',
  download: 'Download',
  columns: { fileName: 'File', documentType: 'Type', fileSize: 'Size', uploadedAt: 'Uploaded' },
  notKept: 'The load was created, but its document could not be kept. Please try again.',
} as const;

/** '812 B', '14.2 KB', '5.0 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The document a load created from an extraction keeps: the file read, under the kind the extraction named. */
export function extractedDocument(file: File, fileType: string, fileData: string, result: ExtractLoadResult): DocumentUpload {
  return { fileName: file.name, fileType, fileSize: file.size, fileData, documentType: result.documentType ?? DEFAULT_DOCUMENT_TYPE };
}
