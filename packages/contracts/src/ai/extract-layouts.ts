import { z } from 'zod';
import { EXTRACTED_FIELDS, type ExtractedField } from './extract.js';

/**
 * Learned layouts (issue 49): when a load is saved with a document kept on it, svc-ai learns where each of the load's
 * values stood in that document's layout, and reads the next document of the layout there first.
 *
 *   GET    /api/extract-layouts       what has been learned, most recently learned first
 *   DELETE /api/extract-layouts/:id   forget one (its documents are read by the general rules again)
 */
export const EXTRACT_LAYOUTS_RESOURCE = 'extract-layouts';
/** svc-ai's actions on `{root}.ai.extract-layouts.{action}`. */
export const EXTRACT_LAYOUT_ACTIONS = ['list', 'delete'] as const;

/** Where one field's value stood: the label beside or above it, and which of the values under that label it was. */
export const learnedLayoutFieldSchema = z.object({
  field: z.enum(EXTRACTED_FIELDS),
  context: z.string(),
  occurrence: z.number().int().min(0),
});
export type LearnedLayoutField = z.infer<typeof learnedLayoutFieldSchema>;

/** A learned layout as the list answers it. */
export const extractLayoutSchema = z.object({
  id: z.string(),
  title: z.string().describe("The document's sender or title: its first line"),
  fields: z.array(z.enum(EXTRACTED_FIELDS)).describe('The fields learned'),
  loadId: z.string(),
  loadNumber: z.string().describe('The saved load it was learned from'),
  learnedAt: z.string().describe('ISO timestamp'),
  usedCount: z.number().int().describe('Documents read with it since'),
  lastUsedAt: z.string().nullable(),
});
export type ExtractLayout = z.infer<typeof extractLayoutSchema> & { fields: ExtractedField[] };

export const EXTRACT_LAYOUT_MESSAGES = {
  notFound: 'Learned layout not found',
} as const;

/** The document types a layout is learned from: the ones a load is made from (not a POD, a lumper receipt, a scale ticket). */
export const LEARNED_DOCUMENT_TYPES = ['Rate Confirmation', 'Bill of Lading', 'Load Tender', 'Other'] as const;
