/**
 * Labels whose value stands under them rather than beside them: a row of column heads over a row of values ('BOL NO.
 * SHIP DATE' over 'GW-2027-05518   05/11/2027'), or a label ending a line at the head of a column ('Bill of Lading
 * Number:' on the right of 'SHIP FROM', the number under it). Answers the text with each such value written after
 * its label ('BOL NO.: GW-2027-05518   SHIP DATE: 05/11/2027'), so that rules reading 'Label: value' read them too;
 * every other line is left as it is.
 */
export function valuesBesideLabels(text: string): string {
  const lines = text.split('\n');
  return lines.map((line, index) => withValuesBelow(line, lines[index + 1] ?? '')).join('\n');
}

export interface Cell {
  start: number;
  text: string;
}

/** A line longer than this holds no column heads (a page is at most a few hundred characters wide). */
const MAX_LINE = 400;
/** How far a value may stand from its label's column: text layers and OCR shift columns by a character or two. */
const COLUMN_SLACK = 3;

/** A line's cells: runs of text set apart by two spaces or more. */
export function cellsOf(line: string): Cell[] {
  return [...line.matchAll(/\S+(?:[ ]\S+)*/g)].map((match) => ({ start: match.index, text: match[0] }));
}

/** A column head: a few words without digits ('BOL NO.', 'Bill of Lading Number:', 'SCAC'). */
const isLabel = (cell: Cell) => cell.text.length <= 40 && /[A-Za-z]{2}/.test(cell.text) && !/\d/.test(cell.text) && cell.text.split(' ').length <= 5;
/** A value: anything but another 'Label: value' pair or a label ending in a colon. */
const isValue = (cell: Cell) => !/:(?:\s|$)/.test(cell.text);

function withValuesBelow(line: string, below: string): string {
  if (line.length > MAX_LINE || below.length > MAX_LINE || !below.trim()) return line;
  const cells = cellsOf(line);
  if (!cells.length || !cells.every(isLabel)) return line;
  // One head alone is a label only with its colon: a heading over a paragraph is no label.
  if (cells.length === 1 && !cells[0].text.endsWith(':')) return line;
  const values = cellsOf(below);
  let changed = false;
  const written = cells.map((cell) => {
    const value = values.find((candidate) => Math.abs(candidate.start - cell.start) <= COLUMN_SLACK);
    if (!value || !isValue(value)) return cell.text;
    changed = true;
    return `${cell.text.replace(/:$/, '')}: ${value.text}`;
  });
  return changed ? written.join('   ') : line;
}
