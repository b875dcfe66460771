import { fail, ok, type ListPage, type RpcReply } from '@tms/contracts';
import { QueryFailedError, type ObjectLiteral, type Repository } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { jsonValue, prepared, quote } from './sql.js';
import { natsLimits, REPLY_HEADROOM } from '../transport/reply-serializer.js';

/**
 * The most a page's rows may take: a page always travels in one NATS message, and the gateway and the service hold
 * no more than that while a long list streams through.
 */
const pageBytes = () => natsLimits.maxPayload - REPLY_HEADROOM;

/** Rows read by the first query of a list; later ones read as many as the rows seen so far say a page holds. */
const FIRST_QUERY_ROWS = 2000;
const MAX_QUERY_ROWS = 20000;

type Direction = 'ASC' | 'DESC';
/** A row of a page query: the row's JSON and its keys as text (k0, k1, ...). */
type PageRow = { row: string; [key: string]: string };



/**
 * Reads a table's list page by page, ordered by its list order plus id (a total order), each page starting after
 * the last row of the previous one (keyset paging: every page costs the same, however deep in the list). Postgres
 * writes each row's JSON; a page is their JSON array as UTF-8, and `next` is the opaque cursor of the page after it.
 * The order's columns must be NOT NULL.
 */
export class ListPages {
  /**
   * The data source's pg pool, which pages are read from straight, not through repository.query: TypeORM's query
   * path keeps a result reachable from long-lived objects long enough that every row of a list outlived V8's
   * young-generation collections (svc-core at 1,000 rows: 99.7% of them promoted to the old generation, a 5-25 ms
   * scavenge every tenth request; read from the pool, 1% and 1-2 ms). Pages are read outside any transaction.
   */
  private readonly pool: { query(query: PageQuery): Promise<{ rows: PageRow[] }> };
  private readonly keyCount: number;
  private readonly pageQuery: Omit<PageQuery, 'values'>;
  private readonly firstPageQuery: Omit<PageQuery, 'values'>;
  /** The average row size seen so far: how many rows to ask for so that a page comes near pageBytes(). */
  private rowBytes = { total: 0, rows: 0 };

  constructor(
    repository: Repository<ObjectLiteral>,
    order: Record<string, Direction>,
  ) {
    this.pool = (repository.manager.connection.driver as PostgresDriver).master;
    const metadata = repository.metadata;
    const keys = Object.entries(order).filter(([property]) => property !== 'id');
    keys.push(['id', keys.at(-1)?.[1] ?? 'ASC']);
    const keyColumns = keys.map(([property, direction]) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`${metadata.name} has no column ${property} to order its list by`);
      return { name: `t.${quote(column.databaseName)}`, direction };
    });
    this.keyCount = keyColumns.length;

    // row_to_json over the entity's columns under their property names: compact JSON, in the entity's order.
    const fields = metadata.columns.map((column) => `${jsonValue(column)} AS ${quote(column.propertyName)}`).join(', ');
    const table = `${metadata.schema ? `${quote(metadata.schema)}.` : ''}${quote(metadata.tableName)}`;
    // The key travels as text: Postgres reads it back exactly (a timestamp keeps its microseconds).
    const keyText = keyColumns.map(({ name }, index) => `${name}::text AS k${index}`).join(', ');
    const orderBy = keyColumns.map(({ name, direction }) => `${name} ${direction}`).join(', ');
    // The page's rows are chosen first and only they are turned into JSON: a plan that sorts the whole table (as
    // Postgres picks for a page that is much of it) must not write every row's JSON to keep a few thousand.
    const page = (where: string, limit: string) =>
      `SELECT row_to_json(r)::text AS row, ${keyText} ` +
      `FROM (SELECT * FROM ${table} t ${where} ORDER BY ${orderBy} LIMIT ${limit}) t ` +
      `CROSS JOIN LATERAL (SELECT ${fields}) r ORDER BY ${orderBy}`;
    this.firstPageQuery = prepared(page('', '$1'));
    this.pageQuery = prepared(page(`WHERE ${after(keyColumns)}`, `$${this.keyCount + 1}`));
  }

  /** Rows that fill about 90% of a page, at the average size seen so far (a bigger row ends the page sooner). */
  private rowsPerQuery(): number {
    if (!this.rowBytes.rows) return FIRST_QUERY_ROWS;
    const fitting = Math.floor((pageBytes() * 0.9) / (this.rowBytes.total / this.rowBytes.rows));
    return Math.max(1, Math.min(MAX_QUERY_ROWS, fitting));
  }

  async page(cursor: unknown): Promise<RpcReply<ListPage>> {
    const key = cursor === undefined || cursor === null ? [] : decodeCursor(cursor, this.keyCount);
    if (!key) return fail('invalid', 'Invalid list cursor');
    const limit = this.rowsPerQuery();
    const rows = await this.read({ ...(key.length ? this.pageQuery : this.firstPageQuery), values: [...key, limit] });
    // The rows' UTF-8 lengths decide how many fit; they are then written once, straight into the page's bytes.
    const budget = pageBytes();
    const sizes: number[] = [];
    let bytes = 1; // '['
    for (const { row } of rows) {
      const size = Buffer.byteLength(row);
      if (bytes + size + 1 > budget) break; // and its ',' or ']'
      sizes.push(size);
      bytes += size + 1;
    }
    const taken = sizes.length;
    if (!taken && rows.length) return fail('undeliverable', 'A record is too large to list');
    const page = Buffer.allocUnsafe(taken ? bytes : 2);
    let at = 0;
    page[at++] = 0x5b; // [
    for (let index = 0; index < taken; index++) {
      if (index) page[at++] = 0x2c; // ,
      at += page.write(rows[index].row, at, sizes[index], 'utf8');
    }
    page[at++] = 0x5d; // ]
    if (taken) {
      this.rowBytes.total += bytes;
      this.rowBytes.rows += taken;
    }
    const last = rows[taken - 1];
    const more = taken < rows.length || rows.length === limit;
    return ok({
      rows: page,
      next: more && last ? encodeCursor(Array.from({ length: this.keyCount }, (_, index) => last[`k${index}`])) : null,
    });
  }

  /** A page query's rows; Postgres' refusals as TypeORM words them, which the services' error replies read. */
  private async read(query: PageQuery): Promise<PageRow[]> {
    try {
      return (await this.pool.query(query)).rows;
    } catch (error) {
      throw new QueryFailedError(query.text, query.values, error as Error);
    }
  }
}

/**
 * A query as the pg driver takes it. Named, it is parsed once per connection, and Postgres soon keeps one plan for it
 * (planning took 0.45 ms of a 1,000-row page's 3.4 ms, on every request).
 */
interface PageQuery {
  name: string;
  text: string;
  values: unknown[];
}


/**
 * The keyset condition 'after ($1, $2, ...)' in the list's order: a row comparison when every key goes the same way
 * (an index on the keys serves it), else the expanded form.
 */
function after(keys: { name: string; direction: Direction }[]): string {
  const operator = (direction: Direction) => (direction === 'ASC' ? '>' : '<');
  if (keys.every(({ direction }) => direction === keys[0].direction)) {
    const params = keys.map((_, index) => `$${index + 1}`);
    return `(${keys.map(({ name }) => name).join(', ')}) ${operator(keys[0].direction)} (${params.join(', ')})`;
  }
  return keys
    .map((key, index) => {
      const equal = keys.slice(0, index).map(({ name }, earlier) => `${name} = $${earlier + 1}`);
      return `(${[...equal, `${key.name} ${operator(key.direction)} $${index + 1}`].join(' AND ')})`;
    })
    .join(' OR ');
}

const encodeCursor = (key: string[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: unknown, length: number): string[] | undefined {
  if (typeof cursor !== 'string' || cursor.length > 2048) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    return Array.isArray(key) && key.length === length && key.every((value) => typeof value === 'string') ? key : undefined;
  } catch {
    return undefined;
  }
}
