import pg from 'pg';

/** The running system's database, for tests that seed more rows than a browser could create in time. */
export async function connectDatabase(): Promise<pg.Client> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is not set: the e2e global setup did not start the system');
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
}
