import { once } from 'node:events';
import { HttpException, Logger } from '@nestjs/common';
import { SOMETHING_WENT_WRONG, type ListPage } from '@tms/contracts';
import type { Response } from 'express';

const logger = new Logger('ListStream');
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * Answers a whole list as one JSON array (spec 7) however long it is, holding at most two pages: the page being
 * written and the next one, asked for meanwhile. Nothing is sent until the first page is in, so a service that fails
 * at once gets its proper error status; one that fails later cuts the answer off, which a client cannot mistake for
 * a complete list (the array is never closed).
 */
export async function streamList(read: (after?: string) => Promise<unknown>, res: Response): Promise<void> {
  const readPage = async (after?: string) => checked(await read(after));
  let page = await readPage();
  res.status(200).type('application/json');
  if (page.next === null) {
    // The whole list in one page (most lists): its rows are the answer as they are, sent at once with their length.
    res.setHeader('Content-Length', page.rows.length);
    res.end(page.rows);
    return;
  }
  let opened = false;
  try {
    for (;;) {
      const nextPage = page.next && !res.destroyed ? readPage(page.next) : undefined;
      nextPage?.catch(() => undefined); // awaited below; a client gone meanwhile must not leave it unhandled
      // The page's rows without its brackets, written as they came (no copy, no decoding).
      const rows = page.rows.subarray(1, -1);
      if (rows.length) {
        res.write(opened ? COMMA : OPEN);
        if (!res.write(rows)) await drained(res);
        opened = true;
      }
      if (!nextPage || res.destroyed) break;
      page = await nextPage;
    }
    res.end(opened ? CLOSE : '[]');
  } catch (error) {
    logger.error(`The list was cut off after its first page: ${error instanceof Error ? error.message : String(error)}`);
    res.destroy();
  }
}

/**
 * A whole list read page by page into one JSON array, for a list that is small by nature and answered often (the
 * latest position of each truck and driver: the size of the fleet, not of its history). A page that fails fails it.
 */
export async function readList(read: (after?: string) => Promise<unknown>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let page = checked(await read());
  for (;;) {
    const rows = page.rows.subarray(1, -1);
    if (rows.length) parts.push(parts.length ? COMMA : OPEN, rows);
    if (page.next === null) break;
    page = checked(await read(page.next));
  }
  return parts.length ? Buffer.concat([...parts, CLOSE]) : Buffer.from('[]');
}

/** A page as ListPage says, or the plain 500 of a broken service (its rows are written out unparsed). */
function checked(page: unknown): ListPage {
  const { rows, next } = (page ?? {}) as Partial<ListPage>;
  const isArray = rows instanceof Uint8Array && rows.length >= 2 && rows[0] === 0x5b && rows.at(-1) === 0x5d; // [ ... ]
  if (isArray && (next === null || typeof next === 'string')) {
    return { rows, next };
  }
  logger.error('A service answered a list page that is not a ListPage');
  throw new HttpException({ message: SOMETHING_WENT_WRONG }, 500);
}

/** Waits until the client has taken what was written, or has gone. */
async function drained(res: Response) {
  if (res.destroyed) return;
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
}
