import { createHash } from 'node:crypto';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

// The SQL the kit writes itself (list pages, the audit trail's statements) is built from these.

/** An identifier quoted for Postgres. */
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A column as the entity's JSON has it, written by Postgres so the service never builds row objects: timestamps
 * as JavaScript's Date#toJSON writes them, numeric and bigint as text (as the pg driver reads them).
 */
export function jsonValue(column: ColumnMetadata): string {
  const name = `t.${quote(column.databaseName)}`;
  const type = String(column.type);
  if (/^timestamp/.test(type)) return `to_char(${name} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (/^(numeric|decimal|bigint|int8)$/.test(type)) return `${name}::text`;
  return name;
}

/** A query pg prepares once per connection, under a name made from its text: Postgres then keeps its plan. */
export const prepared = (text: string, kind = 'list') => ({ name: `${kind}_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text });
