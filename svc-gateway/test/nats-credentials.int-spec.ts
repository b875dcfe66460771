import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { deviceGrantsBucket, IFTA_RESOURCE, rpcSubject } from '@tms/contracts';

/**
 * NATS credentials (issue 33): a nats-server with the authorization that every deployment uses (scripts/nats-auth.mjs)
 * refuses a client without credentials, and a part's user where the part has no business: svc-core writing itself a
 * device grant, calling another service, or reading the gateway's replies. The gateway's user does its work, and a
 * service asks another what it needs (svc-accounting, IFTA's miles).
 */
type NatsAuth = {
  NATS_USERS: string[];
  authorizationConfig(root: string, password: (user: string) => string): string;
  deployedAuthorization(): string;
  DEPLOYED_AUTHORIZATION: string;
  inboxPrefix(user: string): string;
};
type SystemScript = { freePort(): Promise<number>; isListening(host: string, port: number): Promise<boolean> };

const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url));
const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';
const root = `creds${Date.now().toString(36)}`;

let auth: NatsAuth;
let server: ChildProcess;
let dir: string;
let url: string;
const passwords: Record<string, string> = {};
const open: NatsConnection[] = [];

/** A connection as `user` (with its own inbox prefix, as the parts connect). */
async function as(user: string, password = passwords[user]) {
  const nc = await connect({ servers: url, user, pass: password, inboxPrefix: auth.inboxPrefix(user), reconnect: false, timeout: 3000 });
  open.push(nc);
  return nc;
}

beforeAll(async () => {
  auth = (await import(script('nats-auth.mjs'))) as NatsAuth;
  const system = (await import(script('system.mjs'))) as SystemScript;
  for (const user of auth.NATS_USERS) passwords[user] = `pw-${user}-${Math.random().toString(36).slice(2)}`;
  dir = mkdtempSync(path.join(tmpdir(), 'tms-nats-credentials-'));
  const port = await system.freePort();
  url = `nats://127.0.0.1:${port}`;
  const config = path.join(dir, 'nats.conf');
  writeFileSync(
    config,
    `listen: "127.0.0.1:${port}"\njetstream { store_dir: ${JSON.stringify(path.join(dir, 'store'))} }\n` +
      auth.authorizationConfig(root, (user) => JSON.stringify(passwords[user])),
  );
  server = spawn(NATS_SERVER, ['-c', config], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await system.isListening('127.0.0.1', port))) {
    if (Date.now() > deadline) throw new Error('nats-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 20_000);

afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
  server?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('refuses a client without credentials, or with a wrong password', async () => {
  await expect(connect({ servers: url, reconnect: false, timeout: 3000 })).rejects.toThrow(/Authorization Violation/i);
  await expect(as('svc-core', 'not-its-password')).rejects.toThrow(/Authorization Violation/i);
});

it("lets the gateway call a service and read the device grants that svc-telematics writes", async () => {
  const accounting = await as('svc-accounting');
  accounting.subscribe(`${root}.accounting.>`, { queue: 'svc-accounting', callback: (_error, message) => message.respond('answered') });
  await accounting.flush();
  const gateway = await as('svc-gateway');
  const reply = await gateway.request(rpcSubject(root, 'accounting', 'invoices', 'list'), '{}', { timeout: 3000 });
  expect(reply.string()).toBe('answered');

  const telematics = await as('svc-telematics');
  await (await new Kvm(telematics).create(deviceGrantsBucket(root), { history: 1 })).put('token-hash', '{"deviceId":"d1"}');
  const grants = await new Kvm(gateway).open(deviceGrantsBucket(root));
  expect((await grants.get('token-hash'))?.string()).toBe('{"deviceId":"d1"}');
});

it('refuses svc-core a device grant, another service\'s requests and the gateway\'s replies', async () => {
  const core = await as('svc-core');
  const grants = new Kvm(core).open(deviceGrantsBucket(root)).then((kv) => kv.put('forged', '{"deviceId":"mine"}'));
  await expect(grants).rejects.toThrow(/permission/i);
  await expect(core.request(rpcSubject(root, 'accounting', 'invoices', 'list'), '{}', { timeout: 3000 })).rejects.toThrow(/permission/i);

  const refused = (subject: string) =>
    new Promise<string>((resolve) => {
      const subscription = core.subscribe(subject);
      void subscription.closed.then((error) => resolve(String(error)));
    });
  await expect(refused(`${root}.accounting.>`)).resolves.toMatch(/permission/i);
  await expect(refused('_INBOX_svc-gateway.>')).resolves.toMatch(/permission/i);
  // The grant svc-telematics wrote is still the only one.
  const gateway = await as('svc-gateway');
  expect(await (await new Kvm(gateway).open(deviceGrantsBucket(root))).get('forged')).toBeNull();
});

it("lets svc-accounting ask svc-telematics for IFTA's miles, and nothing else of it", async () => {
  const telematics = await as('svc-telematics');
  telematics.subscribe(`${root}.telematics.>`, { queue: 'svc-telematics', callback: (_error, message) => message.respond('answered') });
  await telematics.flush();
  const accounting = await as('svc-accounting');
  const reply = await accounting.request(rpcSubject(root, 'telematics', IFTA_RESOURCE, 'miles'), '{}', { timeout: 3000 });
  expect(reply.string()).toBe('answered');
  await expect(accounting.request(rpcSubject(root, 'telematics', IFTA_RESOURCE, 'records'), '{}', { timeout: 3000 })).rejects.toThrow(/permission/i);
});

it('refuses even the owner of a bucket to point its stream at other subjects or delete it', async () => {
  const telematics = await as('svc-telematics');
  const jsm = await jetstreamManager(telematics);
  const stream = `KV_${deviceGrantsBucket(root)}`;
  const { config: current } = await jsm.streams.info(stream);
  await expect(jsm.streams.update(stream, { subjects: [...current.subjects, `${root}.core.>`] })).rejects.toThrow(/permission/i);
  await expect(jsm.streams.delete(stream)).rejects.toThrow(/permission/i);
  expect((await jsm.streams.info(stream)).config.subjects).toEqual(current.subjects);
});

it('deploys the same rules (deploy/k8s/nats-authorization.conf is written from them)', () => {
  expect(readFileSync(auth.DEPLOYED_AUTHORIZATION, 'utf8')).toBe(auth.deployedAuthorization());
});
