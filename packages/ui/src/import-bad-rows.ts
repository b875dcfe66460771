import { csvDocument, type ImportError } from '@tms/contracts';

/** A CSV file's rows, read in the browser as the services read CSV (csv-parse, loaded only when a file is read). */
export async function readCsvRows(file: Blob): Promise<string[][]> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  return parse(await file.text(), { bom: true, relax_column_count: true, skip_empty_lines: false, record_delimiter: ['\r\n', '\n', '\r'] });
}

/** The last column of the bad rows' file: what is wrong with each. */
export const BAD_ROWS_ERRORS_COLUMN = 'Errors';

/**
 * The rows of an imported file that have errors (issue 47: 'Import the good rows' leaves them out), as a CSV to
 * correct and import again: the file's own header and cells, in the file's order, and an 'Errors' column saying what
 * is wrong with each in the file's words. The file is read here again (csv-parse, as the services read it; loaded
 * only when asked for), so nothing of it travels back from the server.
 */
export async function badRowsCsv(file: Blob, errors: readonly ImportError[]): Promise<string> {
  const [header = [], ...body] = await readCsvRows(file);
  const messages = new Map<number, string[]>();
  for (const error of errors) {
    const said = error.field === '_' ? error.message : `${error.column ?? error.field}: ${error.message}`;
    messages.set(error.row, [...(messages.get(error.row) ?? []), said]);
  }
  // A row's number is its record's as a spreadsheet counts them: the header is row 1.
  const rows = [...messages.keys()]
    .sort((a, b) => a - b)
    .flatMap((row) => {
      const cells = body[row - 2];
      return cells ? [[...header.map((_, column) => cells[column] ?? ''), messages.get(row)!.join('; ')]] : [];
    });
  return csvDocument([...header, BAD_ROWS_ERRORS_COLUMN], rows);
}
