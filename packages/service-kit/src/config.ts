import { DEFAULT_SUBJECT_ROOT } from '@tms/contracts';

/** Where the shared infrastructure is, from the environment, else the local defaults (README: Configuration). */
export const config = {
  get databaseUrl() {
    return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tms';
  },
  get natsUrl() {
    return process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  },
  /** Tests give each run its own root so that they never reach a developer's running services. */
  get subjectRoot() {
    return process.env.NATS_SUBJECT_ROOT ?? DEFAULT_SUBJECT_ROOT;
  },
  /** Copies of the GPS stream (and the device grants) kept by a NATS cluster: 1 on a single server, 3 in production. */
  get gpsStreamReplicas() {
    return wholeNumber('GPS_STREAM_REPLICAS', 1, 5) ?? 1;
  },
  /** Where a service answers its orchestrator's health probes over HTTP; unset: it does not. */
  get healthPort() {
    return wholeNumber('HEALTH_PORT', 1, 65535);
  },
};

/** A whole number from the environment within [min, max], or undefined when unset; anything else stops the start. */
function wholeNumber(name: string, min: number, max: number): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}
