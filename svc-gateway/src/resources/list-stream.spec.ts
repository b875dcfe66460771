import { HttpException } from '@nestjs/common';
import { readList } from './list-stream.js';

/** A service's pages of `rows`, `perPage` at a time, keyed as ListPages keys them (the last row's value). */
function pagesOf(rows: unknown[], perPage: number) {
  const asked: (string | undefined)[] = [];
  const read = async (after?: string) => {
    asked.push(after);
    const from = after === undefined ? 0 : Number(after);
    const slice = rows.slice(from, from + perPage);
    const next = from + perPage < rows.length ? String(from + perPage) : null;
    return { rows: new Uint8Array(Buffer.from(JSON.stringify(slice))), next };
  };
  return { read, asked };
}

describe('readList', () => {
  it('joins every page into one JSON array, in order', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i, name: `Truck ${i}` }));
    const { read, asked } = pagesOf(rows, 3);
    expect(JSON.parse((await readList(read)).toString())).toEqual(rows);
    expect(asked).toEqual([undefined, '3', '6']);
  });

  it('answers an empty list as []', async () => {
    expect((await readList(pagesOf([], 3).read)).toString()).toBe('[]');
  });

  it('fails with a 500 when a page is not a list page', async () => {
    await expect(readList(async () => ({ rows: 'not bytes', next: null }))).rejects.toBeInstanceOf(HttpException);
  });
});
