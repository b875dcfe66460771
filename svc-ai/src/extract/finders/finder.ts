import type { ExtractedLoad } from '@tms/contracts';
import { readItemTable, type ItemTable } from './item-table.js';
import { findMarkers, type Marker } from './roles.js';

/**
 * A finder reads some of the load form's fields out of a document's text. Places, dates and amounts are found in the
 * whole text at once (matching per line costs a regex per line), so their patterns stop at a line's end with [^\S\n]
 * where they would say \s; every pattern runs in linear time (linear-time.spec.ts).
 */
export type Finder = (document: DocumentReading) => Findings;

/** A field's value as a finder read it, and how sure it is (0 to 1). */
export interface Finding {
  value: unknown;
  confidence: number;
}

/** The fields a finder read, in the order the answer lists them. */
export type Findings = Partial<Record<keyof ExtractedLoad, Finding>>;

/** A document being read: its (normalized) text, and what more than one finder needs, found once. */
export interface DocumentReading {
  text: string;
  /** The year of a date written without one, when the document names no year. */
  today: Date;
  /** Where pickup, delivery and other roles start, in text order. */
  markers: Marker[];
  /** The document's table of items, which weight and commodity fall back on. */
  itemTable: ItemTable | undefined;
}

export function readingOf(text: string, today: Date): DocumentReading {
  return { text, today, markers: findMarkers(text), itemTable: readItemTable(text) };
}
