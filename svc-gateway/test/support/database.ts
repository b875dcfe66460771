import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The Postgres server of DATABASE_URL, else the local default, as an admin connection string. */
const serverUrl = (database: string) => {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tms');
  url.pathname = `/${database}`;
  return url.toString();
};

export interface TestDatabase {
  url: string;
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh database for one test run (`tms_test_<random>`), dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `tms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = serverUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url,
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: serverUrl('postgres') });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
