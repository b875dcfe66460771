import { Worker } from 'node:worker_threads';
import type { ExtractionJob, ExtractionOutcome } from './extraction-worker.js';
import { WorkerPool } from './worker-pool.js';

/** A worker's JavaScript heap at most: a document that needs more fails alone, not svc-ai. */
const WORKER_HEAP_MB = 1024;

/** svc-ai's extraction workers (AI_WORKERS of them, AI_QUEUE jobs waiting at most). */
export function extractionPool(workers: number, queue: number) {
  const script = new URL('./extraction-worker.js', import.meta.url);
  return new WorkerPool<ExtractionJob, ExtractionOutcome>(() => new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }), workers, queue);
}
