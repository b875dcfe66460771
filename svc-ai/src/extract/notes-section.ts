import { FREE_TEXT_MAX_LENGTH } from '@tms/contracts';

/**
 * The document's own instructions to the carrier: the text of each 'Notes', 'Special Instructions', 'Comments',
 * 'Remarks' or 'Driver Instructions' section (and their other spellings: 'Load Notes', 'Special Instr.', 'Comments /
 * Remarks', 'Delivery Instructions'), as one readable line each. A section is its label at a line's start with its
 * text after it and on the lines below, or a heading with the lines under it, down to a blank line, a rule, the next
 * heading or (after text on the label's own line) the next 'Label: value' line.
 */
const SECTION_LABEL =
  /^[^\S\n]*(?:[*#>-][^\S\n]*)?(?:(?:special|additional|driver|drivers|driver's|carrier|delivery|pick[\s-]?up|shipping|shipper|receiving|handling|load|dispatch|general|important|other)[^\S\n]+)?(?:notes?|instructions?|instr\.|comments?|remarks?)(?:[^\S\n]*[/&][^\S\n]*(?:notes?|instructions?|comments?|remarks?))?[^\S\n]*(?:[:\-–][^\S\n]*(.*)|$)/i;
/** What a section that says nothing holds. */
const NOTHING = /^(?:none|n\/?a|nil|-+|\.+)$/i;
/** A rule drawn with characters ('+-----+', '=====', '____'), or a line with nothing in it. */
const RULE = /^[\s+=_~*.-]*$/;
/** A heading: a short line in capitals without digits ('CARRIER INFORMATION'). */
const HEADING = /^[^\S\n]*[A-Z][A-Z &/'().-]{2,40}:?[^\S\n]*$/;
/** 'Payment: 30 days', 'Ref #: 123': a label from the line's start (letters and spaces run once: linear). */
const LABEL_LINE = /^[^\S\n]*[A-Za-z][A-Za-z#.'/()]*(?:[ ][A-Za-z#.'/()]+){0,3}[^\S\n]*:[^\S\n]/;
const BULLET = /^(?:[*•·>-]|\d{1,2}[.)])[^\S\n]+/;
/** Lines a section takes at most: a longer run without a blank line is the rest of the document, not a note. */
const MAX_SECTION_LINES = 12;

/** The text of each instruction section of a document, in document order. */
export function noteSections(text: string): string[] {
  const lines = text.split('\n');
  const sections: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const label = SECTION_LABEL.exec(lines[index]);
    if (!label) continue;
    const inline = columnText(label[1] ?? '');
    const parts: string[] = inline ? [inline] : [];
    let next = index + 1;
    // A heading may stand a blank line above its text.
    if (!inline && next < lines.length && !lines[next].trim()) next++;
    for (; next < lines.length && next <= index + MAX_SECTION_LINES; next++) {
      const line = lines[next];
      if (RULE.test(line) || HEADING.test(line) || SECTION_LABEL.test(line)) break;
      if (parts.length && LABEL_LINE.test(line) && !BULLET.test(line.trim()) && inline) break;
      const part = columnText(line);
      if (!part) break;
      parts.push(part);
    }
    index = next - 1;
    const section = joinLines(parts);
    if (section && !NOTHING.test(section)) sections.push(section);
  }
  return sections;
}

/** A line's text up to a wide gap (another column stands beside the section), trimmed. */
function columnText(line: string): string {
  const gap = /\S(?:[^\S\n]{4,})\S/.exec(line);
  return (gap ? line.slice(0, gap.index + 1) : line).trim();
}

/** Lines as one: a wrapped line goes on with a space, a bullet item starts a sentence of its own. */
function joinLines(parts: string[]): string {
  let joined = '';
  for (const part of parts) {
    const bullet = BULLET.test(part);
    const words = part.replace(BULLET, '').trim();
    if (!words) continue;
    if (joined && bullet && !/[.;:!?]$/.test(joined)) joined += '.';
    joined += joined ? ` ${words}` : words;
  }
  return joined;
}

/** Notes in one line within the field's limit: each part a sentence, the last cut at a word if they run over. */
export function joinNotes(parts: string[]): string | undefined {
  const sentences = parts.map((part) => part.trim()).filter(Boolean).map((part) => (/[.!?]$/.test(part) ? part : `${part}.`));
  const notes = sentences.join(' ');
  if (!notes) return undefined;
  if (notes.length <= FREE_TEXT_MAX_LENGTH) return notes;
  return `${notes.slice(0, FREE_TEXT_MAX_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}
