/**
 * The one CSV writer, used by the gateway's exports and by the list screens' Export button (plain code, no Node):
 * RFC 4180 (comma-separated, CRLF line ends, its quotes doubled), safe to open in a spreadsheet. A field is quoted
 * when it holds a separator a spreadsheet may split on (a comma, a semicolon where it is the list separator, a
 * tab), a quote or a line end. A text that begins with '=', '+', '-', '@', a tab or a carriage return would be run as
 * a formula (OWASP's CSV injection), so it is written with a leading apostrophe, which spreadsheets show as text,
 * and quoted: `"'=1+1"`. A number ('-3', '1250.00') is written as it is.
 *
 * That quoted apostrophe is how import knows the apostrophe is ours (csvCellText): spreadsheets and people quote
 * only a field that needs it, so an unquoted `'=1+1` in another file keeps its apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const formula = FORMULA_START.test(text) && !NUMBER.test(text);
  return formula || NEEDS_QUOTES.test(text) ? `"${formula ? "'" : ''}${text.replaceAll('"', '""')}"` : text;
}

/** A cell read back (`quoted`: it was in quotes in the file): the apostrophe csvCell put before a formula taken off. */
export const csvCellText = (cell: string, quoted: boolean) => (quoted && cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** One line of cells, ended by CRLF. */
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Put first in a CSV file so that spreadsheets read it as UTF-8. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/** A whole CSV: the header row, then the rows, with a byte-order mark so that spreadsheets read it as UTF-8. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  `${CSV_BYTE_ORDER_MARK}${csvLine(header)}${rows.map(csvLine).join('')}`;

/** A download's file name: '<resource>-<YYYY-MM-DD>.csv' (`day`, the day it is made). */
export const csvFileName = (resource: string, day: string) => `${resource}-${day}.csv`;
