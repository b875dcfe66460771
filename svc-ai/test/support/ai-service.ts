import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { DEADLINE_HEADER, EXTRACT_UPLOAD_TTL_MS, extractUploadBucket, healthSubject, type ExtractFileType, type ExtractLoadResult, type RpcReply } from '@tms/contracts';
import { connect } from '@nats-io/transport-node';
import { config, ServiceReplyDeserializer, UploadStore } from '@tms/service-kit';
import { Objm } from '@nats-io/obj';
import pg from 'pg';

/** A database of its own on the local Postgres server (svc-ai keeps its learned layouts in it), dropped at its stop. */
async function ownDatabase(root: string) {
  const server = new URL(process.env.DATABASE_URL ?? config.databaseUrl);
  const name = `tms_ai_${root}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: new URL('/postgres', server).toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  return { url: new URL(`/${name}`, server).toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * svc-ai from its build, alone, as the gateway sees it: a document is put in the upload bucket and asked for over
 * NATS with a deadline header. Answers each reply with how long it took; reads the process's CPU time from /proc.
 */
export async function startAiService(label: string, env: Record<string, string> = {}) {
  const root = `${label}${process.pid}${Date.now()}`;
  const database = await ownDatabase(root);
  const child: ChildProcess = spawn(process.execPath, [path.resolve('svc-ai/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: database.url, NATS_SUBJECT_ROOT: root, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(performance.now())));
  const started = Date.now();
  while (!log.includes('listening')) {
    if (Date.now() - started > 30_000 || child.exitCode !== null) throw new Error(`svc-ai did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const nats = await connect({ servers: config.natsUrl });
  const uploads = new UploadStore(extractUploadBucket(root), EXTRACT_UPLOAD_TTL_MS, nats);
  let stopped: Promise<number> | undefined;

  /** A request with the deadline header, as the gateway sends it (a client of its own carries the header). */
  const request = async <T>(subject: string, payload: unknown, waitMs: number, deadlineMs = waitMs) => {
    const headers = { [DEADLINE_HEADER]: String(Date.now() + deadlineMs) };
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: config.natsUrl, headers, deserializer: new ServiceReplyDeserializer() } });
    try {
      return await new Promise<RpcReply<T>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer in time')), waitMs);
        client.send<RpcReply<T>>(subject, payload).subscribe({ next: (reply) => (clearTimeout(timer), resolve(reply)), error: (error: unknown) => (clearTimeout(timer), reject(error)) });
      });
    } finally {
      await client.close();
    }
  };

  return {
    /** The reply to a document and the seconds it took; the caller stops waiting `deadlineMs` from now. */
    async extract(data: Uint8Array, fileType: ExtractFileType, { deadlineMs = 60_000, waitMs = deadlineMs + 5000 } = {}) {
      const object = await uploads.put(data, fileType);
      const sent = performance.now();
      const reply = await request<ExtractLoadResult>(`${root}.ai.extract-load.extract`, { object, fileType }, waitMs, deadlineMs);
      return { reply, seconds: (performance.now() - sent) / 1000 };
    },
    /** Whether svc-ai answers its health check within a second. */
    isUp: () => request(healthSubject(root, 'ai'), {}, 1000).then(() => true, () => false),
    /** CPU seconds the process has used so far (all its threads). */
    cpuSeconds() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    /** SIGTERM, and the seconds until the process is gone (once: later calls answer the same). */
    stop(): Promise<number> {
      stopped ??= stop();
      return stopped;
    },
  };

  async function stop(): Promise<number> {
    const sent = performance.now();
    child.kill('SIGTERM');
    const gone = await Promise.race([exited, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 15_000))]);
    if (gone === Infinity) child.kill('SIGKILL');
    // The run's upload bucket lives in the shared NATS server: leave nothing behind.
    await (await new Objm(nats).open(extractUploadBucket(root))).destroy();
    await nats.close();
    await database.drop();
    return (gone - sent) / 1000;
  }
}
