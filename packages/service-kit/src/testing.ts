import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { config } from './config.js';

/**
 * For integration tests: a fresh database on the configured Postgres server (DATABASE_URL, else the local
 * default), and a NATS subject root of their own, so a run never touches a developer's data or services.
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tms_test_${randomBytes(6).toString('hex')}`;
  const admin = new URL(config.databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(config.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export const uniqueSubjectRoot = () => `test${randomBytes(4).toString('hex')}`;
