import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EXTRACT_LAYOUT_MESSAGES, extractedLoadSchema, fail, isRecordId, ok, type ExtractedField, type ExtractedLoad, type ExtractLayout, type LearnedLayoutField, type RpcReply } from '@tms/contracts';
import { internalErrorReply } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { layoutLabels, layoutSimilarity, readWithLayout, SAME_LAYOUT } from '../extract/layout-memory.js';
import { ExtractLayoutEntity } from './extract-layout.entity.js';

/** A learned layout's reading of a document: the fields it gave, and where they were learned. */
export interface LearnedReading {
  layout: ExtractLayoutEntity;
  fields: Partial<ExtractedLoad>;
}

/**
 * The learned layouts (ai.extract_layouts): the one a document is of, found by its labels (layout-memory.ts); kept
 * from a saved load's document, replacing what was learned of the same layout before; listed and forgotten.
 */
@Injectable()
export class ExtractLayouts {
  private readonly logger = new Logger(ExtractLayouts.name);

  constructor(@InjectRepository(ExtractLayoutEntity) private readonly layouts: Repository<ExtractLayoutEntity>) {}

  /** The learned layout most like the document's, when one is alike enough (SAME_LAYOUT). */
  private async closest(labels: string[]): Promise<ExtractLayoutEntity | undefined> {
    if (!labels.length) return undefined;
    // Only layouts that share a label can be alike: Postgres picks them (text[] overlap), not every row.
    const shared = await this.layouts.createQueryBuilder('layout').where('layout.labels && :labels', { labels }).getMany();
    let best: { layout: ExtractLayoutEntity; similarity: number } | undefined;
    for (const layout of shared) {
      const similarity = layoutSimilarity(layout.labels, labels);
      if (similarity >= SAME_LAYOUT && (!best || similarity > best.similarity)) best = { layout, similarity };
    }
    return best?.layout;
  }

  /**
   * What the learned layout of this (normalized) text gives, counted as a use; nothing when no layout was learned of
   * it, or when the learned one cannot be asked (the general rules answer then).
   */
  async read(text: string): Promise<LearnedReading | undefined> {
    try {
      const layout = await this.closest(layoutLabels(text));
      if (!layout) return undefined;
      const fields: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(readWithLayout(text, layout.fields))) {
        const checked = extractedLoadSchema.shape[field as ExtractedField].safeParse(value);
        if (checked.success && checked.data !== undefined) fields[field] = checked.data;
      }
      if (!Object.keys(fields).length) return undefined;
      await this.layouts.increment({ id: layout.id }, 'usedCount', 1);
      await this.layouts.update({ id: layout.id }, { lastUsedAt: new Date() });
      return { layout, fields: fields as Partial<ExtractedLoad> };
    } catch (error) {
      this.logger.warn(`Learned layouts could not be read (${error instanceof Error ? error.message : String(error)}): the general rules answer`);
      return undefined;
    }
  }

  /** Keeps what was learned of a document's layout, in place of what was learned of that layout before. */
  async learn(text: string, learned: { title: string; fields: LearnedLayoutField[]; loadId: string; loadNumber: string; documentId: string }): Promise<ExtractLayoutEntity> {
    const labels = layoutLabels(text);
    const earlier = await this.closest(labels);
    const values = { ...learned, labels, learnedAt: new Date(), usedCount: 0, lastUsedAt: null };
    if (earlier) {
      await this.layouts.update({ id: earlier.id }, values);
      return { ...earlier, ...values };
    }
    return this.layouts.save(this.layouts.create(values));
  }

  async list(): Promise<RpcReply<ExtractLayout[]>> {
    try {
      const layouts = await this.layouts.find({ order: { learnedAt: 'DESC', id: 'ASC' } });
      return ok(layouts.map(answerOf));
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  async delete(id: unknown): Promise<RpcReply<{ id: string }>> {
    if (!isRecordId(id)) return fail('not_found', EXTRACT_LAYOUT_MESSAGES.notFound);
    try {
      const { affected } = await this.layouts.delete({ id });
      return affected ? ok({ id }) : fail('not_found', EXTRACT_LAYOUT_MESSAGES.notFound);
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}

const answerOf = (layout: ExtractLayoutEntity): ExtractLayout => ({
  id: layout.id,
  title: layout.title,
  fields: layout.fields.map(({ field }) => field),
  loadId: layout.loadId,
  loadNumber: layout.loadNumber,
  learnedAt: layout.learnedAt.toISOString(),
  usedCount: layout.usedCount,
  lastUsedAt: layout.lastUsedAt?.toISOString() ?? null,
});
