import { CsvError, parse } from 'csv-parse/sync';
import {
  csvCellText,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importHeaderKey,
  invalidInput,
  type ImportColumns,
  type ImportError,
  type RpcReply,
} from '@tms/contracts';

/** One data row of an imported CSV: its number as a spreadsheet shows it (the header is row 1), its fields' texts. */
export interface CsvRow {
  row: number;
  values: Record<string, string>;
}

/**
 * Reads an imported CSV (csv-parse: RFC 4180 quoting, a byte-order mark, CRLF or LF line ends) into rows of the
 * record's fields. Columns are matched to `fields` by name or by the resource's titles (importHeaderKey: case, spaces,
 * '_', '-' and '.' do not count), in any order; other columns are left out. A cell loses the apostrophe our export
 * puts before a formula-like text, and a choice's label ('In Use') becomes its value. Blank rows are skipped but
 * keep their number. Answers the rows, the rows' own errors (cells past the header), or the file's refusal.
 */
export function readCsvRows(data: Uint8Array, fields: readonly string[], columns: ImportColumns): { rows: CsvRow[]; errors: ImportError[] } | { refused: RpcReply<never> } {
  let records: string[][];
  try {
    records = parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      bom: true,
      // Any line end, even mixed in one file (a header typed anew under an exported body).
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { refused: invalidInput({ file: [IMPORT_MESSAGES.notCsv(error.message)] }) };
  }
  const [header, ...body] = records;
  if (!header || isBlank(header)) return { refused: invalidInput({ file: [IMPORT_MESSAGES.empty] }) };

  const fieldOf = headerFields(fields, columns);
  const columnFields = header.map((cell) => fieldOf.get(importHeaderKey(cell)));
  // A field named by two columns is read from the first.
  columnFields.forEach((field, index) => {
    if (field && columnFields.indexOf(field) !== index) columnFields[index] = undefined;
  });
  const choices = choiceValues(columns);

  const rows: CsvRow[] = [];
  const errors: ImportError[] = [];
  body.forEach((cells, index) => {
    if (isBlank(cells)) return;
    const row = index + 2;
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) errors.push({ row, field: '_', message: IMPORT_MESSAGES.extraCells });
    const values: Record<string, string> = {};
    columnFields.forEach((field, column) => {
      if (!field) return;
      const text = csvCellText(cells[column] ?? '');
      values[field] = choices.get(field)?.get(text.trim().toLowerCase()) ?? text;
    });
    rows.push({ row, values });
  });
  if (rows.length > IMPORT_MAX_ROWS) return { refused: invalidInput({ file: [IMPORT_MESSAGES.tooManyRows] }) };
  return { rows, errors };
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** Header key → field: each field's name (its label written out is the same key), and the resource's titles. */
function headerFields(fields: readonly string[], { titles = {} }: ImportColumns): Map<string, string> {
  const fieldOf = new Map<string, string>();
  for (const field of fields) fieldOf.set(importHeaderKey(field), field);
  for (const [field, texts] of Object.entries(titles)) for (const text of texts) fieldOf.set(importHeaderKey(text), field);
  return fieldOf;
}

/** Per choice field, its values and labels (lower case) → its value. */
function choiceValues({ choices = {} }: ImportColumns): Map<string, Map<string, string>> {
  return new Map(
    Object.entries(choices).map(([field, labels]) => [
      field,
      new Map(Object.entries(labels).flatMap(([value, label]) => [[value.toLowerCase(), value], [label.toLowerCase(), value]] as [string, string][])),
    ]),
  );
}
