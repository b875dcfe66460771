import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';
import { config } from './config.js';

export interface DatabaseOptions {
  /** The service's own Postgres schema: no service reads another's. */
  schema: string;
  entities: MixedList<Function>;
  migrations: MixedList<Function>;
}

export function dataSourceOptions({ schema, entities, migrations }: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    schema,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    // Never synchronize: it drops columns and their data when an entity field is removed (typeorm #2344).
    synchronize: false,
    connectTimeoutMS: 5000,
    extra: { max: config.databasePoolSize },
  };
}

/**
 * Opens the service's database: creates its schema and runs its migrations, under an advisory lock so that
 * replicas starting together migrate once.
 */
export async function openDatabase(dataSource: DataSource): Promise<DataSource> {
  const schema = (dataSource.options as { schema: string }).schema;
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`tms-migrate-${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await dataSource.runMigrations();
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`tms-migrate-${schema}`]).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}
