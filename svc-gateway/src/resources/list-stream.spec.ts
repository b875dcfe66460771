import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { readList, streamCsv } from './list-stream.js';

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

/** What an express Response is sent, as text. */
function recordedResponse() {
  const sent: string[] = [];
  const headers: Record<string, string> = {};
  const res = {
    destroyed: false,
    status: () => res,
    type: (type: string) => ((headers['content-type'] = type), res),
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    write: (chunk: Uint8Array | string) => (sent.push(Buffer.from(chunk).toString()), true),
    end: (chunk?: Uint8Array | string) => void (chunk !== undefined && sent.push(Buffer.from(chunk).toString())),
  };
  return { res: res as unknown as Response, headers, text: () => sent.join('') };
}

describe('streamCsv', () => {
  it('writes every page as CSV lines under one header of the records\' fields, formula cells made safe', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: String(i), make: i === 3 ? '=SUM(A1)' : `Make, ${i}`, year: 2020 + i, vin: null }));
    const { res, headers, text } = recordedResponse();
    await streamCsv(pagesOf(rows, 2).read, res, 'trucks-2027-03-04.csv', ['id']);
    expect(headers).toEqual({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="trucks-2027-03-04.csv"' });
    expect(text()).toBe(
      '\uFEFFid,make,year,vin\r\n0,"Make, 0",2020,\r\n1,"Make, 1",2021,\r\n2,"Make, 2",2022,\r\n3,"\'=SUM(A1)",2023,\r\n4,"Make, 4",2024,\r\n',
    );
  });

  it('writes the given header alone for an empty list', async () => {
    const { res, text } = recordedResponse();
    await streamCsv(pagesOf([], 2).read, res, 'drivers-2027-03-04.csv', ['id', 'name']);
    expect(text()).toBe('\uFEFFid,name\r\n');
  });
});
