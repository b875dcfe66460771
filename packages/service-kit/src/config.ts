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
};
