/**
 * The one CSV writer, used by the gateway's exports and by the list screens' Export button (plain code, no Node):
 * RFC 4180 (comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or a line end, its quotes
 * doubled), safe to open in a spreadsheet. A text that begins with '=', '+', '-', '@', a tab or a carriage return
 * would be run as a formula (OWASP's CSV injection), so it is written with a leading apostrophe, which spreadsheets
 * show as text. A number ('-3', '1250.00') is written as it is. Importing takes the apostrophe off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A cell as csvCell wrote it, read back: the apostrophe it put before a formula-like text taken off. */
export const csvCellText = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** One line of cells, ended by CRLF. */
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Put first in a CSV file so that spreadsheets read it as UTF-8. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/** A whole CSV: the header row, then the rows, with a byte-order mark so that spreadsheets read it as UTF-8. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  `${CSV_BYTE_ORDER_MARK}${csvLine(header)}${rows.map(csvLine).join('')}`;

/** A download's file name: '<resource>-<YYYY-MM-DD>.csv' (`day`, the day it is made). */
export const csvFileName = (resource: string, day: string) => `${resource}-${day}.csv`;
