import { DEFAULT_SUBJECT_ROOT } from '@tms/contracts';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tms';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

type Env = Record<string, string | undefined>;

/** A setting that is wrong: the start stops with this message, which names the setting and what it must be. */
/** A server list as it may be logged: a user, password or token in a URL is left out. */
export const withoutCredentials = (servers: string) =>
  servers.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s,]*@/gi, '$1');

export class SettingError extends Error {
  override name = 'SettingError';
}

/**
 * The one rule for numbers from the environment, in every part: unset (or blank) means the default; anything else
 * must be a whole number from `min` to `max`, or the start stops with a message that names the setting. A bad value
 * never falls back silently.
 */
export function wholeNumberSetting(name: string, range: { fallback: number; min?: number; max?: number }, env?: Env): number;
export function wholeNumberSetting(name: string, range: { fallback?: undefined; min?: number; max?: number }, env?: Env): number | undefined;
export function wholeNumberSetting(name: string, { fallback, min = 1, max = Number.MAX_SAFE_INTEGER }: { fallback?: number; min?: number; max?: number }, env: Env = process.env): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SettingError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

/** Where the shared infrastructure is, from the environment, else the local defaults (README: Configuration). */
export const config = {
  get databaseUrl() {
    return process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  },
  get natsUrl() {
    return process.env.NATS_URL ?? DEFAULT_NATS_URL;
  },
  /**
   * How every NATS connection of this part is opened: to the servers of NATS_URL (a comma-separated list: the client
   * moves to another when one goes), as NATS_USER with NATS_PASSWORD (README: Deploying), else as nobody (a local
   * server without authorization, as `npm start` runs one). With a user, its replies come on its own inbox prefix,
   * `_INBOX_{user}`, the only one the server lets that user read.
   */
  get natsConnectOptions(): { servers: string[]; user?: string; pass?: string; inboxPrefix?: string } {
    const servers = this.natsUrl.split(',').map((server) => server.trim()).filter(Boolean);
    const user = process.env.NATS_USER?.trim();
    if (!user) return { servers };
    const pass = process.env.NATS_PASSWORD;
    if (!pass) throw new SettingError('NATS_PASSWORD must be set when NATS_USER is.');
    return { servers, user, pass, inboxPrefix: `_INBOX_${user}` };
  },
  /**
   * Copies a NATS cluster keeps of each stream and bucket (the GPS stream, the device grants, the object buckets):
   * 1 on a single server, 3 on a three-node cluster (survives the loss of one).
   */
  get natsReplicas() {
    return wholeNumberSetting('NATS_REPLICAS', { fallback: 1, max: 5 });
  },
  /** Tests give each run its own root so that they never reach a developer's running services. */
  get subjectRoot() {
    return process.env.NATS_SUBJECT_ROOT ?? DEFAULT_SUBJECT_ROOT;
  },
  /** Where a service answers its orchestrator's health probes over HTTP; unset: it does not. */
  get healthPort() {
    return wholeNumberSetting('HEALTH_PORT', { max: 65535 });
  },
  /**
   * The address HEALTH_PORT listens on: loopback unless told (metrics say much about a system); a pod's probes and
   * Prometheus reach it on the pod's address, so deploy/ sets 0.0.0.0.
   */
  get healthHost() {
    return process.env.HEALTH_HOST?.trim() || '127.0.0.1';
  },
  /** Connections each service keeps to Postgres. */
  get databasePoolSize() {
    return wholeNumberSetting('DB_POOL_SIZE', { fallback: 10, max: 1000 });
  },
};
