import type { DocumentType } from '@tms/contracts';

/** How far into the text a document names itself: its title or subject line, not a reference further down. */
const HEADING_CHARACTERS = 800;

const KINDS: { type: DocumentType; pattern: RegExp }[] = [
  { type: 'Bill of Lading', pattern: /\bbill\s+of\s+lading\b/i },
  // 'RATE CONFIRMATION', 'CARRIER RATE AND LOAD CONFIRMATION', 'LOAD CONFIRMATION', 'Rate Con'.
  { type: 'Rate Confirmation', pattern: /\b(?:rate|load)\s+(?:and\s+load\s+)?con(?:firmation)?\b/i },
  // A tender e-mail's subject, or an X12 EDI 204 (motor carrier load tender) by its transaction set header.
  { type: 'Load Tender', pattern: /\bload\s+tender\b|(?:^|~)\s*ST\*204\*/i },
];

/**
 * What kind of document a text is, by what its heading calls it (the earliest name wins: a rate confirmation may
 * mention a bill of lading further down), or undefined when it does not say.
 */
export function documentTypeOf(text: string): DocumentType | undefined {
  const heading = text.slice(0, HEADING_CHARACTERS);
  let found: { type: DocumentType; at: number } | undefined;
  for (const { type, pattern } of KINDS) {
    const at = heading.search(pattern);
    if (at >= 0 && (!found || at < found.at)) found = { type, at };
  }
  return found?.type;
}
