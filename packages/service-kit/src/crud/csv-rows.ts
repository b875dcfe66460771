import { parse } from 'csv-parse';
import type { UploadStore } from '../transport/upload-store.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  csvCellText,
  fail,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROW_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importHeaderKey,
  invalidInput,
  ok,
  type ImportColumns,
  type ImportError,
  type RpcReply,
} from '@tms/contracts';

/** One data row of an imported CSV: its number as a spreadsheet shows it (the header is row 1), its fields' texts. */
export interface CsvRow {
  row: number;
  values: Record<string, string>;
  /** The fields' cells as the file writes them (a choice's label before it became its value), for its errors. */
  texts: Record<string, string>;
}

/** What the parser is given at a time: between two pieces the service answers other requests. */
const PIECE_BYTES = 16 * 1024;

/** An imported file: its bytes, or its chunks as they arrive from the upload bucket (UploadStore.takeChunks). */
export type CsvFile = Uint8Array | AsyncIterable<Uint8Array>;

/**
 * The CSV the gateway left in the upload bucket as `object`, taken (read once, then gone), as its chunks: what every
 * CSV route of a service reads (an import, a fuel card statement, a factor's report). Expired or never there: a 400
 * under `file`; a bucket that cannot be read: 503.
 */
export async function takeUploadedCsv(uploads: UploadStore, object: unknown): Promise<RpcReply<AsyncIterable<Uint8Array>>> {
  if (typeof object !== 'string') return invalidInput({ file: [IMPORT_MESSAGES.expired] });
  let file: AsyncIterable<Uint8Array> | null;
  try {
    file = await uploads.takeChunks(object);
  } catch {
    return fail('unavailable', IMPORT_MESSAGES.unreadable);
  }
  return file ? ok(file) : invalidInput({ file: [IMPORT_MESSAGES.expired] });
}

/**
 * Reads an imported CSV (csv-parse: RFC 4180 quoting, a byte-order mark, CRLF or LF line ends; UTF-8 or UTF-16) into
 * rows of the record's fields. Columns are matched to `fields` by name or by the resource's titles (importHeaderKey:
 * case, spaces, '_', '-' and '.' do not count), in any order; other columns are left out; two columns naming one field
 * refuse the file. A quoted cell loses the apostrophe our export puts before a formula-like text (csvCellText: an
 * unquoted one is the text's own), and a choice's label ('In Use') becomes its value. Blank rows are skipped but keep
 * their number.
 *
 * The file is parsed as it arrives, a piece at a time, and reading stops at the first limit passed (IMPORT_MAX_BYTES,
 * a row over IMPORT_MAX_ROW_BYTES, a row past IMPORT_MAX_ROWS, blank ones counted): a file of millions of short rows
 * costs what its first 100,000 do, its rest is never fetched, and the service answers other requests meanwhile.
 * Answers the rows, the rows' own errors (cells past the header), or the file's refusal.
 */
export async function readCsvRows(
  file: CsvFile,
  fields: readonly string[],
  columns: ImportColumns,
): Promise<{ rows: CsvRow[]; errors: ImportError[]; headers: Record<string, string> } | { refused: RpcReply<never> }> {
  const parser = parse({
    bom: true,
    // Any line end, even mixed in one file (a header typed anew under an exported body).
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: IMPORT_MAX_ROW_BYTES,
    // Each record with its text as the file has it, to tell a quoted cell (csv-parse's `cast` could, at 20 times the cost).
    raw: true,
  });
  let header: string[] | undefined;
  let reader: ((cells: string[], row: number) => void) | undefined;
  let headers: Record<string, string> = {};
  let records = 0;
  let refusal: string | undefined;
  const rows: CsvRow[] = [];
  const errors: ImportError[] = [];
  parser.on('data', ({ record, raw }: { record: string[]; raw: string }) => {
    if (refusal) return;
    records += 1;
    const cells = record.map((cell) => (cell.startsWith("'") ? csvCellText(cell, quotedIn(raw, cell)) : cell));
    if (!header) {
      header = cells;
      if (isBlank(header)) refusal = IMPORT_MESSAGES.empty;
      else ({ reader, refusal, headers = {} } = rowReader(header, fields, columns, rows, errors));
    } else if (records - 1 > IMPORT_MAX_ROWS) {
      refusal = IMPORT_MESSAGES.tooManyRows;
    } else {
      reader!(cells, records);
    }
  });
  parser.on('error', (error: Error & { code?: string }) => {
    refusal ??= error.code === 'CSV_MAX_RECORD_SIZE' ? IMPORT_MESSAGES.rowTooLarge(records + 1) : IMPORT_MESSAGES.notCsv(error.message);
  });
  const ended = new Promise<void>((resolve) => parser.on('end', resolve).on('close', resolve));

  const toUtf8 = utf8Reader();
  let bytes = 0;
  try {
    for await (const chunk of file instanceof Uint8Array ? [file] : file) {
      bytes += chunk.byteLength;
      const text = bytes > IMPORT_MAX_BYTES ? undefined : toUtf8(chunk);
      refusal ??= bytes > IMPORT_MAX_BYTES ? IMPORT_MESSAGES.tooLarge : text ? undefined : IMPORT_MESSAGES.encoding;
      for (let start = 0; text && start < text.byteLength && !refusal; start += PIECE_BYTES) {
        parser.write(text.subarray(start, start + PIECE_BYTES));
        await nextTurn(); // the records of this piece are handed over, and other requests are answered
      }
      if (refusal) break;
    }
  } catch {
    parser.destroy();
    return { refused: fail('unavailable', IMPORT_MESSAGES.unreadable) };
  }
  if (!refusal && !toUtf8()) refusal = IMPORT_MESSAGES.encoding;
  if (refusal) {
    parser.destroy();
    return refuse(refusal);
  }
  parser.end();
  await ended;
  if (refusal) return refuse(refusal);
  if (!header) return refuse(IMPORT_MESSAGES.empty);
  return { rows, errors, headers };
}

const refuse = (message: string) => ({ refused: invalidInput({ file: [message] }) });

/**
 * What turns a file's chunks, in order, into UTF-8 for the parser: UTF-8 as it is, checked as it comes (its
 * byte-order mark is the parser's to drop); UTF-16, told by its byte-order mark or, without one, by the zero bytes of
 * its ASCII letters, decoded. Undefined for a chunk that is neither; called without a chunk at the end, it answers
 * undefined for a file cut inside a character.
 */
function utf8Reader(): (chunk?: Uint8Array) => Buffer | undefined {
  let decoder: TextDecoder | undefined;
  let utf16 = false;
  return (chunk) => {
    try {
      if (!chunk) return Buffer.from(decoder?.decode() ?? '');
      if (!decoder) {
        const endian = utf16Endian(chunk);
        utf16 = endian !== undefined;
        decoder = new TextDecoder(endian ?? 'utf-8', { fatal: true });
      }
      const text = decoder.decode(chunk, { stream: true });
      return utf16 ? Buffer.from(text, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    } catch {
      return undefined;
    }
  };
}

/** 'utf-16le' or 'utf-16be' for a UTF-16 file: a byte-order mark, else zeros in every other byte of its start. */
function utf16Endian(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // Text has no zero bytes, but in UTF-16 each ASCII letter (a header is mostly ASCII) has one, after it (LE) or before it (BE).
  const start = bytes.subarray(0, Math.min(bytes.length, 256) & ~1);
  const zerosAt = (parity: number) => start.filter((byte, index) => index % 2 === parity && byte === 0).length;
  const [even, odd] = [zerosAt(0), zerosAt(1)];
  if (odd >= start.length / 4 && even === 0) return 'utf-16le';
  if (even >= start.length / 4 && odd === 0) return 'utf-16be';
  return undefined;
}

/**
 * What reads the rows under `header`, into `rows` and `errors`, and each field's header text as the file has it; or
 * the header's refusal (two columns naming one field: which to read is unclear).
 */
function rowReader(
  header: string[],
  fields: readonly string[],
  columns: ImportColumns,
  rows: CsvRow[],
  errors: ImportError[],
): { reader?: (cells: string[], row: number) => void; refusal?: string; headers?: Record<string, string> } {
  const fieldOf = headerFields(fields, columns);
  const columnFields = header.map((cell) => fieldOf.get(importHeaderKey(cell)));
  for (const field of new Set(columnFields)) {
    const named = header.filter((_, column) => field && columnFields[column] === field);
    if (named.length > 1) return { refusal: IMPORT_MESSAGES.repeatedColumn(named) };
  }
  const choices = choiceValues(columns);
  const headers: Record<string, string> = {};
  columnFields.forEach((field, column) => field && (headers[field] = header[column].trim()));
  const reader = (cells: string[], row: number) => {
    if (isBlank(cells)) return;
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) errors.push({ row, field: '_', message: IMPORT_MESSAGES.extraCells });
    const values: Record<string, string> = {};
    const texts: Record<string, string> = {};
    columnFields.forEach((field, column) => {
      if (!field) return;
      const text = cells[column] ?? '';
      texts[field] = text;
      values[field] = choices.get(field)?.get(text.trim().toLowerCase()) ?? text;
    });
    rows.push({ row, values, texts });
  };
  return { reader, headers };
}

/** Whether `cell` is written in quotes in its record's text `raw` (a whole cell: from a comma or the start to the next). */
function quotedIn(raw: string, cell: string): boolean {
  const quoted = `"${cell.replaceAll('"', '""')}"`;
  for (let at = raw.indexOf(quoted); at >= 0; at = raw.indexOf(quoted, at + 1)) {
    const after = raw[at + quoted.length];
    if ((at === 0 || raw[at - 1] === ',') && (after === undefined || after === ',' || after === '\r' || after === '\n')) return true;
  }
  return false;
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
