import { parentPort } from 'node:worker_threads';
import type { ExtractFileType } from '@tms/contracts';
import { observeLogs } from '@tms/service-kit/observe';
import { readDocumentText, UnreadableDocument } from './document-text.js';
import { Ocr } from './ocr.js';
import { extractOffline, type OfflineExtraction } from './offline-extractor.js';

/** What svc-ai's main thread asks a worker: read one uploaded document. */
export interface ExtractionJob {
  data: Uint8Array;
  fileType: ExtractFileType;
  ocrMaxPages: number;
}

/** A worker's answer: the document's text with the offline extractor's reading of it, or why it could not be read. */
export type ExtractionOutcome =
  | { read: true; text: string; ocr: boolean; offline: OfflineExtraction }
  | { read: false; unreadable: string }
  | { read: false; error: string };

/**
 * The CPU-bound part of an extraction (PDF parsing and rendering, image decoding, OCR, the offline extractor), in a
 * worker thread of the ExtractionPool so that svc-ai's main thread keeps answering, and so a job can be terminated.
 * The OCR engine is made when the worker starts and kept, as the worker is.
 */
// A worker thread has a module world of its own: its Nest loggers are set up again, as svc-ai's.
observeLogs('svc-ai');
const ocr = new Ocr();
// Made now, not on the first scan: the pool starts a worker before any document arrives (see ExtractService).
ocr.warm();

parentPort!.on('message', async (job: ExtractionJob) => {
  parentPort!.postMessage(await read(job));
});

async function read({ data, fileType, ocrMaxPages }: ExtractionJob): Promise<ExtractionOutcome> {
  try {
    const document = await readDocumentText(data, fileType, ocr, ocrMaxPages);
    return { read: true, ...document, offline: extractOffline(document.text, { fromOcr: document.ocr }) };
  } catch (error) {
    if (error instanceof UnreadableDocument) return { read: false, unreadable: error.message };
    return { read: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
