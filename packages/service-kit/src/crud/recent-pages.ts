import type { ListPage, RpcReply } from '@tms/contracts';
import type { ListPages } from './list-pages.js';

/**
 * A list's pages kept for `ttlMs`, for a list that many screens read over and over while it changes all the time
 * (the latest positions): Postgres writes its JSON at most once per page per `ttlMs`, however many read it, and a
 * reader sees it at most `ttlMs` old. Pages are kept by their cursor, so paging is ListPages' own, across replicas
 * too; readers asking at once share one query. A failed page is not kept.
 */
export class RecentPages {
  private pages = new Map<string, Promise<RpcReply<ListPage>>>();
  private readAt = 0;

  constructor(
    private readonly source: Pick<ListPages, 'page'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  page(cursor: unknown): Promise<RpcReply<ListPage>> {
    if (this.now() - this.readAt >= this.ttlMs) {
      this.pages = new Map();
      this.readAt = this.now();
    }
    if (typeof cursor !== 'string' && cursor !== undefined && cursor !== null) return this.source.page(cursor);
    const key = typeof cursor === 'string' ? `after:${cursor}` : 'first';
    let page = this.pages.get(key);
    if (!page) {
      const pages = this.pages;
      page = this.source.page(cursor);
      pages.set(key, page);
      const forget = () => void pages.delete(key);
      void page.then((reply) => (reply.ok ? undefined : forget()), forget);
    }
    return page;
  }
}
