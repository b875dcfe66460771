import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const GATEWAY_DIR = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(GATEWAY_DIR, 'dist', 'main.js');

const newestIn = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs;
    }),
  );

/** Builds svc-gateway when dist is missing or older than src (the tests start the built gateway). */
export function ensureBuilt() {
  let built = 0;
  try {
    built = statSync(MAIN).mtimeMs;
  } catch {
    /* not built yet */
  }
  if (built < newestIn(path.join(GATEWAY_DIR, 'src'))) {
    execFileSync(process.execPath, [path.resolve(GATEWAY_DIR, '../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: GATEWAY_DIR,
      stdio: 'inherit',
    });
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface GatewayProcess {
  url: string;
  output: () => string;
  /** SIGTERM, then SIGKILL after 10 s; answers the exit code (null when it was killed). */
  stop(): Promise<number | null>;
}

/**
 * The gateway's environment for a test: nothing of the developer's own configuration leaks in, and its driver-app
 * origin (issue 44) on a free port of its own unless the test names one: 3001, its default, may be another's.
 */
async function gatewayEnv(env: Record<string, string>): Promise<NodeJS.ProcessEnv> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(OIDC_|REMOTE_|SESSION_SECRET|SHELL_DIST|APP_URL|PORT$|NODE_ENV$|DRIVER_)/.test(key)),
  );
  return { ...inherited, NO_COLOR: '1', DRIVER_PORT: String(await freePort()), ...env };
}

/** Runs `node dist/main.js` and waits for GET /healthz. */
export async function startGateway(env: Record<string, string>): Promise<GatewayProcess> {
  const port = Number(env.PORT);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], { env: await gatewayEnv({ APP_URL: url, ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The gateway exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The gateway did not answer /healthz within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs the gateway expecting it to refuse to start; answers its exit code and output. */
export async function runUntilExit(env: Record<string, string>, timeoutMs = 20_000): Promise<{ code: number | null; output: string }> {
  const childEnv = await gatewayEnv(env);
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [MAIN], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The gateway was still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
