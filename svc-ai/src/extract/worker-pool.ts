import type { Worker } from 'node:worker_threads';

/** The pool is full (every worker busy, the queue at its limit): the caller answers 'busy' at once. */
export class PoolBusy extends Error {
  override name = 'PoolBusy';
}

/** The job's deadline passed (queued or running): nobody waits for its answer any more. */
export class JobExpired extends Error {
  override name = 'JobExpired';
}

interface Job<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  slot?: Slot;
}

interface Slot {
  worker?: Worker;
  job?: Job<any, any>;
}

/**
 * A fixed number of worker threads, each running one job at a time, with a bounded queue in front. A job whose
 * deadline passes is dropped from the queue, or its worker is terminated (no CPU is spent on an answer nobody waits
 * for) and replaced on the next job. A worker answers one message per job.
 */
export class WorkerPool<I, O> {
  private readonly slots: Slot[];
  private readonly queue: Job<I, O>[] = [];
  private closed = false;

  constructor(
    private readonly startWorker: () => Worker,
    size: number,
    private readonly queueLimit: number,
  ) {
    this.slots = Array.from({ length: size }, () => ({}));
  }

  /** Jobs waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Whether a job given now would run or wait (not be refused as busy). */
  get hasRoom(): boolean {
    return !this.closed && (this.slots.some((slot) => !slot.job) || this.queue.length < this.queueLimit);
  }

  /** Starts the first `count` workers now rather than on their first job (each makes what it keeps as it starts). */
  warm(count: number) {
    for (const slot of this.slots.slice(0, count)) if (!this.closed) this.workerOf(slot);
  }

  /** The job's output; rejects with PoolBusy at once when there is no room, with JobExpired when the deadline passes. */
  run(input: I, deadline: number): Promise<O> {
    if (!this.hasRoom) return Promise.reject(new PoolBusy('every worker is busy and the queue is full'));
    return new Promise<O>((resolve, reject) => {
      const job: Job<I, O> = { input, resolve, reject, timer: setTimeout(() => this.expire(job), Math.max(0, deadline - Date.now())) };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminates every worker now (a job in the middle of a document included) and rejects what waits. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new PoolBusy('the service is stopping'));
    await Promise.all(
      this.slots.map((slot) => {
        if (slot.job) this.settle(slot.job, new PoolBusy('the service is stopping'));
        return this.stop(slot);
      }),
    );
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (slot.job || this.closed) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      job.slot = slot;
      this.workerOf(slot).postMessage(job.input);
    }
  }

  private workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = this.startWorker();
    worker.unref();
    worker.on('message', (output: O) => {
      if (slot.worker !== worker || !slot.job) return;
      const job = slot.job;
      this.free(slot);
      job.resolve(output);
    });
    // A worker that dies (out of memory, a crash) fails its job; the next job starts a new one.
    const died = (error: Error) => {
      if (slot.worker !== worker) return;
      const job = slot.job;
      slot.worker = undefined;
      this.free(slot);
      if (job) job.reject(error);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`the worker stopped (exit code ${code})`)));
    slot.worker = worker;
    return worker;
  }

  private free(slot: Slot) {
    if (slot.job) clearTimeout(slot.job.timer);
    slot.job = undefined;
    this.dispatch();
  }

  private expire(job: Job<I, O>) {
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) this.queue.splice(waiting, 1);
    else if (job.slot?.job === job) {
      const slot = job.slot;
      void this.stop(slot);
      this.free(slot);
    }
    job.reject(new JobExpired('the deadline passed'));
  }

  private settle(job: Job<I, O>, error: Error) {
    clearTimeout(job.timer);
    job.reject(error);
  }

  private async stop(slot: Slot) {
    const worker = slot.worker;
    slot.worker = undefined;
    if (worker) await worker.terminate();
  }
}
