import { csvDocument } from '@tms/contracts';
import { isValidElement, type ReactNode } from 'react';
import type { ResourceColumn } from './resource-column.js';

/**
 * A list screen's rows as CSV, with the screen's columns (contracts' csv.ts writes it, formula rule and all): the
 * header is the columns' titles; a cell is the column's `exportValue`, else the record's field it shows (as stored:
 * a day as YYYY-MM-DD, money as '1250.00'), else the text its cell shows.
 */
export function listCsv<T>(rows: readonly T[], columns: readonly ResourceColumn<T>[]): string {
  const header = columns.map(columnTitle);
  return csvDocument(
    header,
    rows.map((row, index) => columns.map((column) => cellValue(column, row, index))),
  );
}

/** The text of a row's cell as Export writes it: a row's name for the screen reader is its first column's. */
export const cellText = <T>(column: ResourceColumn<T>, row: T, index: number): string => String(cellValue(column, row, index) ?? '');

/** The title of a column as text (its header, the label of its fact on a phone's row card). */
export const columnTitle = <T>(column: ResourceColumn<T>): string => textOf(column.title as ReactNode) || String(column.key ?? '');

function cellValue<T>(column: ResourceColumn<T>, row: T, index: number): unknown {
  if (column.exportValue) return column.exportValue(row);
  const path = column.dataIndex;
  if (path !== undefined && path !== null && path !== '') {
    return ([] as (string | number)[]).concat(path as string | number).reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], row);
  }
  return textOf(column.render?.(undefined, row, index) as ReactNode);
}

/** The text a cell shows: its strings and numbers, those of its elements' children too (a badge's own text is not reached). */
function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** Has the browser save `data` as a file named `name` (a download made in the page: an export, a fetched file). */
export function saveFile(name: string, data: Blob) {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a minute is ample for a slow disk.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
