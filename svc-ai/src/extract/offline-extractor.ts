import { extractedLoadSchema, type ExtractedLoad, type ExtractionConfidence } from '@tms/contracts';
import { isEdi204, readEdi204 } from './edi-204.js';
import { FINDERS, readingOf, type Finding } from './finders/index.js';

/**
 * The extractor for when no model is configured: rules that read what freight documents have in common rather than
 * any one layout. The text is read as a stream of role markers (pickup / delivery / neither: billing, broker,
 * carrier, issue date), places ('City, ST') and dates in document order; a place or date belongs to the role in
 * force where it stands, unless a label right before it says otherwise ('Due Date', 'no later than'). Money, weight,
 * load number and commodity are chosen by the strength of their labels, with per-hour charges, insurance and
 * other distracting amounts set aside. Each field's rules are a finder of its own in finders/, listed in order there.
 */
export interface OfflineExtraction {
  fields: ExtractedLoad;
  confidence: ExtractionConfidence;
}

/** Reads the load form's fields out of a document's text. `fromOcr` lowers the confidence of everything a little. */
export function extractOffline(rawText: string, options: { fromOcr?: boolean; today?: Date } = {}): OfflineExtraction {
  const found = isEdi204(rawText) ? readEdi204(rawText, options.fromOcr) : readDocument(normalize(rawText), options.today ?? new Date());
  const fields: ExtractedLoad = {};
  const confidence: ExtractionConfidence = {};
  const scale = options.fromOcr ? 0.9 : 1;
  for (const [field, value] of Object.entries(found.fields) as [keyof ExtractedLoad, unknown][]) {
    const checked = extractedLoadSchema.shape[field].safeParse(value);
    if (value === undefined || !checked.success || checked.data === undefined) continue;
    (fields as Record<string, unknown>)[field] = checked.data;
    confidence[field] = round2((found.confidence[field] ?? 0.5) * scale);
  }
  return { fields, confidence };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** OCR and PDF text quirks: 'Ibs' for 'lbs', '18,600 Ib' for 'lb', non-breaking and odd spaces, curly quotes, a stray quote, '$ 1,000'. */
export function normalize(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    // A speck OCR reads as a quote before a line's first word ('‘Yakima, WA 98901') is no part of it.
    .replace(/^([^\S\n]*)'(?=[A-Z][a-z])/gm, '$1')
    .replace(/\b[I|l1]bs\b/g, 'lbs')
    .replace(/(?<=\d[^\S\n]?)[I|]b\b/g, 'lb')
    // A table's or a box's rules ('| Commodity: Paper |') are gaps between cells, as wide as they were.
    .replace(/\|/g, ' ')
    // Dotted leaders ('Commodity ..... Paper', 'Origin ...... Tucson, AZ') say what a colon says.
    .replace(/(?<![^\S\n])[^\S\n]*\.{3,}[^\S\n]*(?=\S)/g, ': ')
    .replace(/(?<![ \t])[ \t]+\n/g, '\n');
}

interface Found {
  fields: Record<string, unknown>;
  confidence: ExtractionConfidence;
}

/** The fields every finder (finders/index.ts) reads, in their order; an empty value is no field. */
function readDocument(text: string, today: Date): Found {
  const document = readingOf(text, today);
  const fields: Record<string, unknown> = {};
  const confidence: ExtractionConfidence = {};
  for (const finder of FINDERS) {
    for (const [field, finding] of Object.entries(finder(document)) as [keyof ExtractedLoad, Finding][]) {
      if (finding.value === undefined || finding.value === null || finding.value === '') continue;
      fields[field] = finding.value;
      confidence[field] = finding.confidence;
    }
  }
  return { fields, confidence };
}
