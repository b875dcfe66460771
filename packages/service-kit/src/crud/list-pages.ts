import { fail, invalidInput, isPlainListQuery, LIST_QUERY_MESSAGES, ok, type ListPage, type ListQuery, type RpcReply } from '@tms/contracts';
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
/** A row of a page query: the row's JSON and its keys as text (k0, k1, ...; null for a key that is NULL). */
type PageRow = { row: string; [key: string]: string | null };

/** One key of a list's order: an SQL expression over the row `t`, its direction, and whether it can be NULL. */
interface OrderKey {
  sql: string;
  direction: Direction;
  nullable: boolean;
}

/** The page queries of one order and one set of filters; `filterCount` parameters come first, then the cursor's keys. */
interface ListView {
  keyCount: number;
  filterCount: number;
  firstPage: Omit<PageQuery, 'values'>;
  nextPage: Omit<PageQuery, 'values'>;
}

/** Views built for the queries asked so far, by their shape (not their values): a few per list in practice. */
const MAX_VIEWS = 200;

/**
 * Reads a table's list page by page, ordered by its list order plus id (a total order), each page starting after
 * the last row of the previous one (keyset paging: every page costs the same, however deep in the list). Postgres
 * writes each row's JSON; a page is their JSON array as UTF-8, and `next` is the opaque cursor of the page after it.
 * The list order's columns must be NOT NULL. A ListQuery (issue 47) asks for another order, by any column of the
 * record (NULLs last, text without regard to case), and filters; its pages are read the same way.
 */
export class ListPages {
  /**
   * The data source's pg pool, which pages are read from straight, not through repository.query: TypeORM's query
   * path keeps a result reachable from long-lived objects long enough that every row of a list outlived V8's
   * young-generation collections (svc-core at 1,000 rows: 99.7% of them promoted to the old generation, a 5-25 ms
   * scavenge every tenth request; read from the pool, 1% and 1-2 ms). Pages are read outside any transaction.
   */
  private readonly pool: { query(query: PageQuery): Promise<{ rows: PageRow[] }> };
  private readonly metadata: Repository<ObjectLiteral>['metadata'];
  private readonly table: string;
  private readonly fields: string;
  private readonly listOrder: OrderKey[];
  private readonly listView: ListView;
  private readonly views = new Map<string, ListView>();
  /** The average row size seen so far: how many rows to ask for so that a page comes near pageBytes(). */
  private rowBytes = { total: 0, rows: 0 };

  constructor(
    repository: Repository<ObjectLiteral>,
    order: Record<string, Direction>,
  ) {
    this.pool = (repository.manager.connection.driver as PostgresDriver).master;
    this.metadata = repository.metadata;
    // row_to_json over the entity's columns under their property names: compact JSON, in the entity's order.
    this.fields = this.metadata.columns.map((column) => `${jsonValue(column)} AS ${quote(column.propertyName)}`).join(', ');
    this.table = `${this.metadata.schema ? `${quote(this.metadata.schema)}.` : ''}${quote(this.metadata.tableName)}`;
    const keys = Object.entries(order)
      .filter(([property]) => property !== 'id')
      .map(([property, direction]): OrderKey => ({ sql: `t.${quote(this.column(property).databaseName)}`, direction, nullable: false }));
    keys.push({ sql: 't."id"', direction: keys.at(-1)?.direction ?? 'ASC', nullable: false });
    this.listOrder = keys;
    this.listView = this.view(keys, []);
  }

  private column(property: string) {
    const column = this.metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${this.metadata.name} has no column ${property} to order its list by`);
    return column;
  }

  /** The page queries of an order and its filters (`WHERE` conditions over `t`, their parameters numbered from 1). */
  private view(keys: OrderKey[], filters: string[]): ListView {
    const filterCount = filters.length;
    // The key travels as text: Postgres reads it back exactly (a timestamp keeps its microseconds).
    const keyText = keys.map(({ sql }, index) => `${sql}::text AS k${index}`).join(', ');
    const orderBy = keys.map(({ sql, direction }) => `${sql} ${direction}`).join(', ');
    const where = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');
    // The page's rows are chosen first and only they are turned into JSON: a plan that sorts the whole table (as
    // Postgres picks for a page that is much of it) must not write every row's JSON to keep a few thousand.
    const page = (conditions: string[], limit: string) =>
      `SELECT row_to_json(r)::text AS row, ${keyText} ` +
      `FROM (SELECT * FROM ${this.table} t ${where(conditions)} ORDER BY ${orderBy} LIMIT ${limit}) t ` +
      `CROSS JOIN LATERAL (SELECT ${this.fields}) r ORDER BY ${orderBy}`;
    return {
      keyCount: keys.length,
      filterCount,
      firstPage: prepared(page(filters, `$${filterCount + 1}`)),
      nextPage: prepared(page([...filters, `(${after(keys, filterCount)})`], `$${filterCount + keys.length + 1}`)),
    };
  }

  /** The view and the filters' values of a list query, or what is wrong with it. */
  private viewOf(query: ListQuery): { ok: true; view: ListView; values: unknown[] } | { ok: false; reply: RpcReply<never> } {
    const keys: OrderKey[] = [];
    let idDirection: Direction = 'ASC';
    if (query.sort) {
      const column = this.metadata.findColumnWithPropertyName(query.sort.field);
      if (!column || column.relationMetadata) return { ok: false, reply: invalidInput({ sort: [LIST_QUERY_MESSAGES.sort] }) };
      const direction: Direction = query.sort.descending ? 'DESC' : 'ASC';
      const name = `t.${quote(column.databaseName)}`;
      // Text as people read it (case aside); NULLs last, whichever way.
      const sql = /char|text/.test(String(column.type)) ? `lower(${name})` : name;
      if (column.isNullable) keys.push({ sql: `(${name} IS NULL)`, direction: 'ASC', nullable: false });
      keys.push({ sql, direction, nullable: column.isNullable });
      idDirection = direction;
    } else {
      keys.push(...this.listKeys());
      idDirection = keys.at(-1)?.direction ?? 'ASC';
    }
    keys.push({ sql: 't."id"', direction: idDirection, nullable: false });

    const filters: string[] = [];
    const values: unknown[] = [];
    const shape: string[] = [];
    const columnOf = (property: string) => this.metadata.findColumnWithPropertyName(property);
    for (const [property, allowed] of Object.entries(query.values ?? {})) {
      const column = columnOf(property);
      if (!column) return { ok: false, reply: invalidInput({ [property]: [`${property} is not a field of the record`] }) };
      values.push(allowed);
      filters.push(`t.${quote(column.databaseName)} = ANY($${values.length})`);
      shape.push(`in:${property}`);
    }
    for (const [property, range] of Object.entries(query.days ?? {})) {
      const column = columnOf(property);
      if (!column) return { ok: false, reply: invalidInput({ [property]: [`${property} is not a field of the record`] }) };
      for (const [end, operator] of [['from', '>='], ['to', '<=']] as const) {
        if (!range[end]) continue;
        values.push(range[end]);
        filters.push(`t.${quote(column.databaseName)} ${operator} $${values.length}`);
        shape.push(`${end}:${property}`);
      }
    }
    const shapeKey = JSON.stringify([keys.map(({ sql, direction }) => `${sql} ${direction}`), shape]);
    let view = this.views.get(shapeKey);
    if (!view) {
      if (this.views.size >= MAX_VIEWS) this.views.clear();
      view = this.view(keys, filters);
      this.views.set(shapeKey, view);
    }
    return { ok: true, view, values };
  }

  /** The list's own order, without its id (the list view's keys but the last). */
  private listKeys(): OrderKey[] {
    return this.listOrder.slice(0, -1);
  }

  /** Rows that fill about 90% of a page, at the average size seen so far (a bigger row ends the page sooner). */
  private rowsPerQuery(): number {
    if (!this.rowBytes.rows) return FIRST_QUERY_ROWS;
    const fitting = Math.floor((pageBytes() * 0.9) / (this.rowBytes.total / this.rowBytes.rows));
    return Math.max(1, Math.min(MAX_QUERY_ROWS, fitting));
  }

  async page(cursor: unknown, query?: ListQuery): Promise<RpcReply<ListPage>> {
    const asked = isPlainListQuery(query) ? { ok: true as const, view: this.listView, values: [] } : this.viewOf(query!);
    if (!asked.ok) return asked.reply;
    const { view, values } = asked;
    const key = cursor === undefined || cursor === null ? [] : decodeCursor(cursor, view.keyCount);
    if (!key) return fail('invalid', 'Invalid list cursor');
    const limit = this.rowsPerQuery();
    const rows = await this.read({ ...(key.length ? view.nextPage : view.firstPage), values: [...values, ...key, limit] });
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
      next: more && last ? encodeCursor(Array.from({ length: view.keyCount }, (_, index) => last[`k${index}`])) : null,
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
 * The keyset condition 'after ($1, $2, ...)' in the list's order, its parameters numbered after `offset`: a row
 * comparison when every key goes the same way and none can be NULL (an index on the keys serves it), else the
 * expanded form. A key that can be NULL follows its IS NULL key, so NULLs sort last: a cursor in them compares equal
 * by IS NOT DISTINCT FROM, and its 'after' is decided by the keys after it.
 */
function after(keys: OrderKey[], offset = 0): string {
  const operator = (direction: Direction) => (direction === 'ASC' ? '>' : '<');
  const param = (index: number) => `$${offset + index + 1}`;
  if (keys.every(({ direction, nullable }) => direction === keys[0].direction && !nullable)) {
    return `(${keys.map(({ sql }) => sql).join(', ')}) ${operator(keys[0].direction)} (${keys.map((_, index) => param(index)).join(', ')})`;
  }
  const equal = (key: OrderKey, index: number) => (key.nullable ? `${key.sql} IS NOT DISTINCT FROM ${param(index)}` : `${key.sql} = ${param(index)}`);
  return keys
    .map((key, index) => {
      const before = keys.slice(0, index).map((earlier, earlierIndex) => equal(earlier, earlierIndex));
      return `(${[...before, `${key.sql} ${operator(key.direction)} ${param(index)}`].join(' AND ')})`;
    })
    .join(' OR ');
}

const encodeCursor = (key: (string | null)[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: unknown, length: number): (string | null)[] | undefined {
  if (typeof cursor !== 'string' || cursor.length > 2048) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    return Array.isArray(key) && key.length === length && key.every((value) => typeof value === 'string' || value === null) ? key : undefined;
  } catch {
    return undefined;
  }
}
