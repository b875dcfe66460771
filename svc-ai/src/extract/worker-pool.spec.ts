import { Worker } from 'node:worker_threads';
import { JobExpired, PoolBusy, WorkerPool } from './worker-pool.js';

/** A worker that spins the CPU for `spinMs`, then answers `value`: a document that takes that long to read. */
const spinner = () =>
  new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', ({ spinMs, value }) => { const end = Date.now() + spinMs; while (Date.now() < end); parentPort.postMessage(value); });`,
    { eval: true },
  );
type Job = { spinMs: number; value: string };
const later = (ms: number) => Date.now() + ms;
const elapsed = (started: number) => performance.now() - started;
/** CPU time of the whole process (every thread) over `ms`. */
async function cpuMsDuring(ms: number) {
  const before = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

let pool: WorkerPool<Job, string>;
afterEach(() => pool.close());

/** Whether a promise has settled yet, asked later. */
function whenSettled(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

describe('the extraction worker pool', () => {
  it('runs jobs on its workers and answers each', async () => {
    pool = new WorkerPool<Job, string>(spinner, 2, 2);
    await expect(Promise.all(['a', 'b', 'c'].map((value) => pool.run({ spinMs: 10, value }, later(5000))))).resolves.toEqual(['a', 'b', 'c']);
  });

  it('answers busy at once when every worker is taken and the queue is full', async () => {
    pool = new WorkerPool<Job, string>(spinner, 1, 1);
    const running = pool.run({ spinMs: 1500, value: 'running' }, later(5000));
    const queued = pool.run({ spinMs: 0, value: 'queued' }, later(5000));
    const settled = whenSettled(running);
    await expect(pool.run({ spinMs: 0, value: 'refused' }, later(5000))).rejects.toBeInstanceOf(PoolBusy);
    // Refused while the job ahead still runs: not queued behind it (untimed: a busy machine stretches any bound).
    expect(settled()).toBe(false);
    await expect(Promise.all([running, queued])).resolves.toEqual(['running', 'queued']);
  });

  it('terminates a running job at its deadline, so no CPU is spent after it, and goes on with a new worker', async () => {
    pool = new WorkerPool<Job, string>(spinner, 1, 1);
    const started = performance.now();
    await expect(pool.run({ spinMs: 20_000, value: 'never' }, later(300))).rejects.toBeInstanceOf(JobExpired);
    expect(elapsed(started)).toBeLessThan(1000);
    expect(await cpuMsDuring(500)).toBeLessThan(150);
    await expect(pool.run({ spinMs: 0, value: 'next' }, later(5000))).resolves.toBe('next');
  });

  it('drops a queued job at its deadline without running it', async () => {
    pool = new WorkerPool<Job, string>(spinner, 1, 1);
    const running = pool.run({ spinMs: 800, value: 'running' }, later(5000));
    const settled = whenSettled(running);
    await expect(pool.run({ spinMs: 0, value: 'dropped' }, later(100))).rejects.toBeInstanceOf(JobExpired);
    // Dropped at its deadline, not when the worker came free.
    expect(settled()).toBe(false);
    await expect(running).resolves.toBe('running');
  });

  it('stops at once on close, even in the middle of a job', async () => {
    pool = new WorkerPool<Job, string>(spinner, 1, 1);
    const running = pool.run({ spinMs: 20_000, value: 'never' }, later(30_000)).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await pool.close();
    expect(elapsed(started)).toBeLessThan(1000);
    expect(await running).toMatchObject({ message: 'the service is stopping' });
  });
});
