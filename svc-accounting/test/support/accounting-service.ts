import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestMicroservice } from '@nestjs/common';
import { config, createService } from '@tms/service-kit';
import { connectServicesClient, createTestDatabase, uniqueSubjectRoot, type ServicesClient } from '@tms/service-kit/testing';
import { healthSubject, type RpcReply } from '@tms/contracts';

/**
 * svc-accounting over the real NATS and a fresh Postgres database, reached exactly as the gateway reaches it, and
 * the real svc-core beside it: its build (`node svc-core/dist/main.js`) as a child process on the same NATS subject
 * root and the same database (svc-core migrates its `core` schema there, accounting its `accounting` schema). The
 * records accounting names (customers, drivers, loads) are created through svc-core's own NATS CRUD, as in
 * production. (svc-core runs as a process rather than in this one: two TypeORM data sources in one process override
 * each other.)
 *
 * `stopCore()` freezes svc-core (SIGSTOP): it stays subscribed but answers nothing, so accounting's requests to it
 * time out, as with a hung or unreachable service; `startCore()` lets it run again (SIGCONT) and waits until it
 * answers. `stop()` always ends the child, frozen or not.
 */
export interface AccountingSystem {
  root: string;
  databaseUrl: string;
  call<T = any>(resource: string, action: string, payload?: unknown): Promise<RpcReply<T>>;
  /** Creates a record and answers its id, failing the test with the answer when it is refused. */
  create(resource: string, payload: unknown): Promise<string>;
  listAll(resource: string): Promise<any[]>;
  nextEvent: ServicesClient['nextEvent'];
  /** `{root}.core.{resource}.{action}`, as svc-accounting asks svc-core. */
  callCore<T = any>(resource: string, action: string, payload?: unknown): Promise<RpcReply<T>>;
  /** Creates a record through svc-core's CRUD and answers its id; throws with svc-core's answer when it refuses it. */
  createInCore(resource: string, body: Record<string, unknown>): Promise<string>;
  /** Whether svc-core answers `{root}.core.health` within `waitMs`. */
  coreAnswers(waitMs?: number): Promise<boolean>;
  /** Freezes svc-core (SIGSTOP). */
  stopCore(): Promise<void>;
  /** Lets svc-core run again (SIGCONT) and waits until it answers. */
  startCore(): Promise<void>;
  stop(): Promise<void>;
}

const CORE_DIR = fileURLToPath(new URL('../../../svc-core', import.meta.url));
const CORE_MAIN = path.join(CORE_DIR, 'dist', 'main.js');
/** How long svc-core may take to start (migrations included) or to answer again after SIGCONT. */
const CORE_START_MS = 30_000;

export async function startAccountingSystem(): Promise<AccountingSystem> {
  if (!existsSync(CORE_MAIN)) {
    throw new Error(`svc-core is not built (${CORE_MAIN} is missing): run \`npm run build -w @tms/svc-core\` first`);
  }
  const root = uniqueSubjectRoot();
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.NATS_SUBJECT_ROOT = root;

  const core = startCoreProcess({ DATABASE_URL: database.url, NATS_URL: config.natsUrl, NATS_SUBJECT_ROOT: root, NODE_ENV: 'test' });
  let accounting: INestMicroservice | undefined;
  let services: ServicesClient | undefined;
  const stop = async () => {
    try {
      await services?.close();
      await accounting?.close();
    } finally {
      await core.end();
      await database.drop();
    }
  };

  try {
    // Subjects are read from the environment when the handlers are declared, so load the app only now.
    const { AppModule } = await import('../../src/app.module.js');
    accounting = await createService('accounting', AppModule, ['error']);
    await accounting.listen();
    services = await connectServicesClient(root);
  } catch (error) {
    await stop();
    throw error;
  }
  const client = services;

  const coreAnswers = async (waitMs = 1000) => {
    try {
      const reply = await client.request(healthSubject(root, 'core'), {}, waitMs);
      return reply.ok;
    } catch {
      return false; // no responder yet, or no answer in time
    }
  };

  /** Waits until svc-core answers its health subject, failing with its output if it exits or never does. */
  const waitForCore = async (what: string) => {
    const deadline = Date.now() + CORE_START_MS;
    for (;;) {
      const ended = core.ended();
      if (ended) throw new Error(`svc-core ${ended} ${what}. Its output:\n${core.output()}`);
      if (await coreAnswers(500)) return;
      if (Date.now() > deadline) {
        throw new Error(`svc-core did not answer ${healthSubject(root, 'core')} within ${CORE_START_MS / 1000} s ${what}. Its output:\n${core.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  try {
    await waitForCore('after starting');
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    root,
    databaseUrl: database.url,
    call: (resource, action, payload) => client.call('accounting', resource, action, payload),
    create: (resource, payload) => client.create('accounting', resource, payload),
    listAll: async (resource) => (await client.listAll('accounting', resource)).rows,
    nextEvent: client.nextEvent,
    callCore: (resource, action, payload) => client.call('core', resource, action, payload),
    createInCore: (resource, body) => client.create('core', resource, body),
    coreAnswers,
    stopCore: () => core.freeze(),
    startCore: async () => {
      await core.thaw();
      await waitForCore('after SIGCONT');
    },
    stop,
  };
}

interface CoreProcess {
  output(): string;
  /** How it ended (exited with 1, was killed by SIGKILL, could not start), while it runs undefined. */
  ended(): string | undefined;
  /** SIGSTOP, answering once the kernel has stopped it. */
  freeze(): Promise<void>;
  /** SIGCONT, answering once it runs again. */
  thaw(): Promise<void>;
  /** Ends it, frozen or not: SIGCONT and SIGTERM (a clean stop), SIGKILL after 10 s. */
  end(): Promise<void>;
}

/**
 * Watches the test process for svc-core: when this process goes away without ending svc-core (interrupted, killed,
 * crashed), its end of the guard's stdin closes, and the guard stops svc-core (SIGCONT, SIGTERM, SIGKILL after 5 s).
 * Listeners on `process` cannot do it: under jest they are on the test sandbox's copy of process, which never fires.
 * Its own process group keeps a Ctrl-C in the terminal from ending it before it has done its work.
 */
const GUARD = `
const pid = Number(process.argv[1]);
let done = false;
const signal = (name) => { try { process.kill(pid, name); return true; } catch { return false; } };
process.stdin.on('data', (chunk) => { if (String(chunk).includes('done')) done = true; });
process.stdin.on('end', () => {
  if (done || !signal('SIGCONT')) process.exit(0);
  signal('SIGTERM');
  const started = Date.now();
  setInterval(() => {
    if (!signal(0)) process.exit(0);
    if (Date.now() - started > 5000) { signal('SIGKILL'); process.exit(0); }
  }, 100);
});
`;

/** `node dist/main.js` in svc-core, with its output kept (the last 64 kB) for the errors that need it. */
function startCoreProcess(env: Record<string, string>): CoreProcess {
  const child: ChildProcess = spawn(process.execPath, [CORE_MAIN], {
    cwd: CORE_DIR,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65536);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let spawnFailed = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      spawnFailed = true;
      keep(Buffer.from(`\n[could not start: ${error.message}]\n`));
      resolve();
    });
  });
  const running = () => !spawnFailed && child.exitCode === null && child.signalCode === null;

  const guard = spawn(process.execPath, ['-e', GUARD, String(child.pid)], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  guard.on('error', () => undefined);
  guard.stdin!.on('error', () => undefined);
  guard.unref();
  (guard.stdin as unknown as { unref?: () => void }).unref?.();

  /** Waits until /proc says the child is (`T`) or is not stopped; where there is no /proc, trusts the signal. */
  const waitForState = async (stopped: boolean) => {
    const stat = `/proc/${child.pid}/stat`;
    const deadline = Date.now() + 5000;
    while (existsSync(stat) && Date.now() < deadline) {
      // The state follows the command name, which is in parentheses: "pid (node) T ...".
      const state = readFileSync(stat, 'utf8').split(') ')[1]?.[0];
      if ((state === 'T') === stopped) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  return {
    output: () => output,
    ended: () => (running() ? undefined : spawnFailed ? 'could not start' : child.signalCode ? `was killed by ${child.signalCode}` : `exited with ${child.exitCode}`),
    freeze: async () => {
      if (!running()) throw new Error(`svc-core is not running. Its output:\n${output}`);
      child.kill('SIGSTOP');
      await waitForState(true);
    },
    thaw: async () => {
      child.kill('SIGCONT');
      await waitForState(false);
    },
    end: async () => {
      if (running()) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        const timer = setTimeout(() => running() && child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      guard.stdin!.end('done\n');
    },
  };
}
