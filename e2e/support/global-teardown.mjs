import pg from 'pg';

export default async function globalTeardown() {
  const { system, databaseUrl } = globalThis.__tmsSystem ?? {};
  if (!system) return;
  await system.stop();
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}
