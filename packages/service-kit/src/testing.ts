import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { config } from './config.js';

export interface TestDatabase {
  url: string;
  /** Rows of a query on the test database (one small pool, closed by `drop`). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** DATABASE_URL's server (else the local default), with another database named. */
const onServer = (database: string) => {
  const url = new URL(config.databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function asAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: onServer('postgres') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * The one test-database helper, for integration tests: a fresh database (`tms_test_<random>`) on the configured
 * Postgres server, dropped afterwards, so a run never touches a developer's data.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tms_test_${randomBytes(6).toString('hex')}`;
  await asAdmin(`CREATE DATABASE "${name}"`);
  const url = onServer(name);
  let pool: pg.Pool | undefined;
  return {
    url,
    query: async (sql, params) => (await (pool ??= new pg.Pool({ connectionString: url, max: 2 })).query(sql, params)).rows,
    async drop() {
      await pool?.end();
      await asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A NATS subject root of the test's own, so that it never reaches a developer's running services. */
export const uniqueSubjectRoot = () => `test${randomBytes(4).toString('hex')}`;
