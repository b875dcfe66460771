import { extractedSenderSchema, type ExtractedSender } from '@tms/contracts';
import { ediSegments, isEdi204 } from './edi-204.js';
import { normalize } from './offline-extractor.js';
import { titleCaseCity } from './text-values.js';

/**
 * Who sent a document (issue 47), for the load dialog to match to a customer: a rate confirmation's or tender's
 * letterhead (its first lines, above the first blank line: the company's name, address, phone and MC number), an
 * e-mail's From address, an X12 204's bill-to party (N1*BT with its N3/N4). Whatever extractor read the fields, the
 * sender is read by these rules: a model has no say in who the customer is.
 */
export function readSender(rawText: string): ExtractedSender | undefined {
  const found = isEdi204(rawText) ? ediSender(rawText) : letterheadSender(normalize(rawText));
  // Each part checked on its own: a part that is not what it should be is left out, not the whole sender.
  const sender: Record<string, string> = {};
  for (const [part, value] of Object.entries(found)) {
    const checked = extractedSenderSchema.shape[part as keyof ExtractedSender].safeParse(value);
    if (value && checked.success && checked.data) sender[part] = checked.data;
  }
  return Object.keys(sender).length ? (sender as ExtractedSender) : undefined;
}

/** Lines of a letterhead at most: a company's block is its name, an address or two, a phone line. */
const LETTERHEAD_LINES = 5;
/** A line that is a document's title, not a company: 'RATE AND LOAD CONFIRMATION', 'STRAIGHT BILL OF LADING'. */
const TITLE = /\b(?:bill\s+of\s+lading|confirmation|rate\s+agreement|load\s+sheet|dispatch\s+sheet|load\s+tender|tender|invoice|page\s+\d|date\s*:|hello|hi\b|dear\b)/i;
/** Words a company's name often ends with: a line holding one is a name even when the document's title is beside it. */
const COMPANY_WORD = /\b(?:llc|inc|corp|co|ltd|logistics|brokerage|freight|transport\w*|trucking|carriers?|services|partners|shipping|express|lines?|3pl)\b\.?/i;
const MC = /\bMC\s*(?:#|No\.?|Number)?\s*[:#-]?\s*(\d{3,8})\b/i;
const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const STREET_ADDRESS = /^\d+\s+\S.*\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
/** A table's or a box's rule: no letters or digits. */
const RULE_LINE = /^[^A-Za-z0-9]*$/;

function letterheadSender(text: string): Partial<ExtractedSender> {
  const lines = text.split('\n').map((line) => line.trim());
  const sender: Partial<ExtractedSender> = {};
  const billing = lines.find((line) => /\binvoic|\bbilling\b|\bremit\b/i.test(line) && EMAIL.test(line));
  if (billing) sender.billingEmail = EMAIL.exec(billing)![0].toLowerCase();
  const from = /^From:\s*(.*)$/i.exec(lines.find(Boolean) ?? '');
  if (from) {
    // An e-mail: its address says who sent it; its name is a person's, not the company's.
    const address = EMAIL.exec(from[1]);
    if (address) sender.email = address[0].toLowerCase();
    return sender;
  }
  // The letterhead: the first lines with words, up to the first blank line once one has been read.
  const block: string[] = [];
  for (const line of lines) {
    if (!line) {
      if (block.length) break;
      continue;
    }
    if (RULE_LINE.test(line)) continue;
    block.push(line);
    if (block.length === LETTERHEAD_LINES) break;
  }
  for (const [index, line] of block.entries()) {
    // The first cell of the line: a title or a number may stand to its right ('BLUE HERON LOGISTICS     RATE AGREEMENT').
    const cell = line.split(/\s{2,}|\s+(?:-|::)\s+/)[0].trim();
    if (!sender.name && index < 2 && isCompanyName(cell)) {
      sender.name = cell;
      continue;
    }
    if (!sender.name) continue;
    if (/^carrier\b/i.test(line)) break;
    const mc = MC.exec(line);
    if (mc && !sender.mcNumber) sender.mcNumber = mc[1];
    const phone = PHONE.exec(line);
    if (phone && !sender.phone && /\b(?:phone|tel|ph)\b|^\(?\d{3}/i.test(line)) sender.phone = phone[0];
    const email = EMAIL.exec(line);
    if (email && !sender.email) sender.email = email[0].toLowerCase();
    const street = line.split(/\s{2,}/)[0];
    if (!sender.address && STREET_ADDRESS.test(street)) sender.address = street;
  }
  // A title on its own first line ('UNIFORM STRAIGHT BILL OF LADING'): no letterhead, nothing of the sender but a billing address.
  if (!sender.name) return sender.billingEmail ? { billingEmail: sender.billingEmail } : {};
  return sender;
}

/** A cell that names a company: words, no label ('BOL NO.', 'Order No: 6610'), no title unless a company's word is in it. */
const isCompanyName = (cell: string) =>
  /[A-Za-z]{2}/.test(cell) && !/[:#@]/.test(cell) && !/\b(?:no|number|date|ref)\.?$/i.test(cell) && (COMPANY_WORD.test(cell) || !TITLE.test(cell));

/** An X12 204's bill-to party: who tendered the load and pays for it. */
function ediSender(text: string): Partial<ExtractedSender> {
  const segments = ediSegments(text);
  const start = segments.findIndex(([id, qualifier]) => id === 'N1' && qualifier === 'BT');
  if (start < 0) return {};
  const sender: Partial<ExtractedSender> = { name: titleCaseCity(segments[start][2] ?? '') };
  const street: string[] = [];
  let place = '';
  for (const [id, ...elements] of segments.slice(start + 1)) {
    if (id === 'N3') street.push(elements.filter(Boolean).join(' '));
    else if (id === 'N4') place = `${titleCaseCity(elements[0] ?? '')}, ${elements[1] ?? ''} ${elements[2] ?? ''}`.trim();
    else if (id !== 'N2' && id !== 'PER' && id !== 'N7') break;
  }
  const address = [street.map((part) => titleCaseCity(part)).join(' '), place].filter(Boolean).join(', ');
  if (address) sender.address = address;
  return sender;
}
