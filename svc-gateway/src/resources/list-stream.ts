import { once } from 'node:events';
import { HttpException } from '@nestjs/common';
import { CSV_BYTE_ORDER_MARK, SOMETHING_WENT_WRONG, type ListPage } from '@tms/contracts';
import type { Response } from 'express';
import { attachment, csvLine } from '../http/csv.js';
import { RequestLogger, type RequestRef } from '../http/request-ids.js';

const logger = new RequestLogger('ListStream');
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * How a streamed list is written: its content type, and each page's rows (a page's UTF-8 JSON array) as the bytes
 * to send; `close` ends the answer (`wrote`: whether any page had rows).
 */
interface ListFormat {
  type: string;
  /** More headers of the answer, set once the first page is in. */
  headers?: Record<string, string>;
  /** A list of one page as one answer (sent with its length), when the format has a quicker way to it. */
  whole?(rows: Uint8Array): Uint8Array;
  page(rows: Uint8Array): (Uint8Array | string)[];
  close(wrote: boolean): Uint8Array | string;
}

/**
 * Answers a whole list as one JSON array (spec 7) however long it is, holding at most two pages: the page being
 * written and the next one, asked for meanwhile. Nothing is sent until the first page is in, so a service that fails
 * at once gets its proper error status; one that fails later cuts the answer off, which a client cannot mistake for
 * a complete list (the array is never closed).
 */
export async function streamList(read: (after?: string) => Promise<unknown>, res: Response): Promise<void> {
  let opened = false;
  await streamPages(read, res, {
    type: 'application/json',
    // The whole list in one page (most lists): its rows are the answer as they are.
    whole: (rows) => rows,
    // The page's rows without its brackets, written as they came (no copy, no decoding).
    page(rows) {
      const inner = rows.subarray(1, -1);
      if (!inner.length) return [];
      const separator = opened ? COMMA : OPEN;
      opened = true;
      return [separator, inner];
    },
    close: (wrote) => (wrote ? CLOSE : '[]'),
  });
}

/**
 * Answers a whole list as a CSV download (csv.ts: RFC 4180, the formula rule), streamed page by page as streamList
 * streams JSON, with the same bounds: a header row of the records' field names (`emptyHeader` when there are none),
 * then a line per record with each value as its JSON has it (money as stored, days as YYYY-MM-DD, timestamps ISO).
 * A list cut off midway ends with the connection reset, never cleanly.
 */
export async function streamCsv(read: (after?: string) => Promise<unknown>, res: Response, name: string, emptyHeader: readonly string[]): Promise<void> {
  let header: string[] | undefined;
  await streamPages(read, res, {
    type: 'text/csv; charset=utf-8',
    headers: { 'Content-Disposition': attachment(name) },
    page(rows) {
      const records = JSON.parse(Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength).toString('utf8')) as Record<string, unknown>[];
      if (!records.length) return [];
      let text = '';
      if (!header) {
        header = Object.keys(records[0]);
        text = `${CSV_BYTE_ORDER_MARK}${csvLine(header)}`;
      }
      for (const record of records) text += csvLine(header.map((field) => cellValue(record[field])));
      return [text];
    },
    close: (wrote) => (wrote ? '' : `${CSV_BYTE_ORDER_MARK}${csvLine(emptyHeader)}`),
  });
}

/** A value of a record's JSON as a CSV cell holds it: text, a number or a boolean as written; anything nested as JSON. */
const cellValue = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : value);

/** Writes the list's pages in `format`, the next page asked for while the current one is written. */
async function streamPages(read: (after?: string) => Promise<unknown>, res: Response, format: ListFormat): Promise<void> {
  const readPage = async (after?: string) => checked(await read(after), res);
  let page = await readPage();
  res.status(200).type(format.type);
  for (const [name, value] of Object.entries(format.headers ?? {})) res.setHeader(name, value);
  if (page.next === null && format.whole) {
    const whole = format.whole(page.rows);
    res.setHeader('Content-Length', whole.length);
    res.end(whole);
    return;
  }
  let wrote = false;
  try {
    for (;;) {
      const nextPage = page.next && !res.destroyed ? readPage(page.next) : undefined;
      nextPage?.catch(() => undefined); // awaited below; a client gone meanwhile must not leave it unhandled
      const chunks = format.page(page.rows);
      let flowing = true;
      for (const chunk of chunks) flowing = res.write(chunk);
      if (chunks.length) wrote = true;
      if (!flowing) await drained(res);
      if (!nextPage || res.destroyed) break;
      page = await nextPage;
    }
    res.end(format.close(wrote));
  } catch (error) {
    logger.error(res, `The list was cut off after its first page: ${error instanceof Error ? error.message : String(error)}`);
    res.destroy();
  }
}

/**
 * A whole list read page by page into one JSON array, for a list that is small by nature and answered often (the
 * latest position of each truck and driver: the size of the fleet, not of its history). A page that fails fails it.
 */
export async function readList(read: (after?: string) => Promise<unknown>, requestId?: string): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let page = checked(await read(), requestId);
  for (;;) {
    const rows = page.rows.subarray(1, -1);
    if (rows.length) parts.push(parts.length ? COMMA : OPEN, rows);
    if (page.next === null) break;
    page = checked(await read(page.next), requestId);
  }
  return parts.length ? Buffer.concat([...parts, CLOSE]) : Buffer.from('[]');
}

/** A page as ListPage says, or the plain 500 of a broken service (its rows are written out unparsed). */
function checked(page: unknown, request: RequestRef): ListPage {
  const { rows, next } = (page ?? {}) as Partial<ListPage>;
  const isArray = rows instanceof Uint8Array && rows.length >= 2 && rows[0] === 0x5b && rows.at(-1) === 0x5d; // [ ... ]
  if (isArray && (next === null || typeof next === 'string')) {
    return { rows, next };
  }
  logger.error(request, 'A service answered a list page that is not a ListPage');
  throw new HttpException({ message: SOMETHING_WENT_WRONG }, 500);
}

/** Waits until the client has taken what was written, or has gone. */
async function drained(res: Response) {
  if (res.destroyed) return;
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
}
