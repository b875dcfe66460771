import { fail, ok, type ListPage } from '@tms/contracts';
import { RecentPages } from './recent-pages.js';

/** A list whose every read is counted, answering its read number as the page's rows. */
function countedList() {
  const list = {
    reads: 0,
    failing: false,
    page: async (cursor: unknown) => {
      list.reads++;
      if (list.failing) return fail('internal', 'Postgres is down');
      return ok<ListPage>({ rows: Buffer.from(`[${list.reads}]`), next: cursor ? null : 'c1' });
    },
  };
  return list;
}

const rowsOf = async (reply: Promise<unknown>) => {
  const answer = (await reply) as { ok: boolean; data?: ListPage };
  return answer.ok ? Buffer.from(answer.data!.rows).toString() : 'failed';
};

describe('RecentPages', () => {
  it('answers the same pages until ttl has passed, then reads again', async () => {
    let now = 0;
    const list = countedList();
    const pages = new RecentPages(list, 1000, () => now);
    expect(await rowsOf(pages.page(undefined))).toBe('[1]');
    expect(await rowsOf(pages.page('c1'))).toBe('[2]');
    now = 999;
    expect([await rowsOf(pages.page(undefined)), await rowsOf(pages.page('c1'))]).toEqual(['[1]', '[2]']);
    now = 1000;
    expect(await rowsOf(pages.page(undefined))).toBe('[3]');
    expect(list.reads).toBe(3);
  });

  it('shares one read between readers asking at once, and keeps no failed page', async () => {
    const list = countedList();
    const pages = new RecentPages(list, 60_000);
    expect(await Promise.all([rowsOf(pages.page(undefined)), rowsOf(pages.page(null))])).toEqual(['[1]', '[1]']);
    list.failing = true;
    expect(await rowsOf(pages.page('c1'))).toBe('failed');
    list.failing = false;
    expect(await rowsOf(pages.page('c1'))).toBe('[3]');
  });
});
