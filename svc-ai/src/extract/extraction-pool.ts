import { Worker } from 'node:worker_threads';
import { Gauge, Histogram } from 'prom-client';
import type { ExtractionJob, ExtractionOutcome } from './extraction-worker.js';
import { WorkerPool } from './worker-pool.js';

/** A worker's JavaScript heap at most: a document that needs more fails alone, not svc-ai. */
const WORKER_HEAP_MB = 1024;

type ExtractionPool = WorkerPool<ExtractionJob, ExtractionOutcome>;
const pools = new Set<ExtractionPool>();

/** Documents waiting for a worker, read when Prometheus scrapes (/metrics on HEALTH_PORT). */
new Gauge({
  name: 'tms_extraction_queue_length',
  help: 'Documents waiting for an extraction worker (at most AI_QUEUE)',
  collect() {
    this.set([...pools].reduce((sum, pool) => sum + pool.waiting, 0));
  },
});

/** A document's time in the pool, waiting included, by how it ended: read, unreadable, failed, expired, busy. */
export const extractionJobDuration = new Histogram({
  name: 'tms_extraction_job_duration_seconds',
  help: 'Documents read by the extraction pool, waiting included, by outcome (read, unreadable, failed, expired, busy), in seconds',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
});

/** svc-ai's extraction workers (AI_WORKERS of them, AI_QUEUE jobs waiting at most). */
export function extractionPool(workers: number, queue: number): ExtractionPool {
  const script = new URL('./extraction-worker.js', import.meta.url);
  const pool = new WorkerPool<ExtractionJob, ExtractionOutcome>(() => new Worker(script, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }), workers, queue);
  pools.add(pool);
  return pool;
}
