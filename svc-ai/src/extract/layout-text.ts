/** The widest gap written (a page is some hundred characters wide; a run placed far off it gets no more). */
const MAX_INDENT = 200;

/** A run of text where a page shows it (a PDF's text item, a word OCR read), in the page's units, y downwards. */
export interface PlacedText {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The text of a page as it stands on it, the way a plain-text document is written: runs on one line side by side
 * with their columns kept (a run starts at the character column its position gives, so a value stands under its
 * column head and side-by-side blocks stay apart by a wide gap), and a blank line where the page leaves one. A text
 * layer or OCR gives runs in reading order, one column after the other: this is what lets the extractor read
 * 'SHIPPER   CONSIGNEE' blocks, tables and labels with their value below the same way in all three.
 */
export function layoutText(runs: PlacedText[]): string {
  const placed = runs.filter((run) => run.text.trim() && run.width > 0 && run.height > 0);
  if (!placed.length) return '';
  const lineHeight = median(placed.map((run) => run.height));
  const characterWidth = median(placed.filter((run) => run.text.trim().length >= 2).map((run) => run.width / run.text.length)) || lineHeight / 2;
  const left = placed.reduce((least, run) => Math.min(least, run.left), Infinity);

  // Lines: runs whose middles stand within half a line of the line's own (a scan's slight skew stays one line).
  const lines: { middle: number; top: number; bottom: number; runs: PlacedText[] }[] = [];
  for (const run of [...placed].sort((a, b) => a.top + a.height / 2 - (b.top + b.height / 2))) {
    const middle = run.top + run.height / 2;
    const line = lines.at(-1);
    if (line && middle - line.middle <= lineHeight / 2) {
      line.runs.push(run);
      line.middle += (middle - line.middle) / line.runs.length;
      line.top = Math.min(line.top, run.top);
      line.bottom = Math.max(line.bottom, run.top + run.height);
    } else {
      lines.push({ middle, top: run.top, bottom: run.top + run.height, runs: [run] });
    }
  }

  // A gap between lines well over the usual one is a blank line.
  const pitch = median(lines.slice(1).map((line, index) => line.middle - lines[index].middle)) || lineHeight * 1.2;
  const text: string[] = [];
  lines.forEach((line, index) => {
    if (index && line.middle - lines[index - 1].middle > pitch * 1.6) text.push('');
    let written = '';
    let end = left;
    for (const run of line.runs.sort((a, b) => a.left - b.left)) {
      const column = Math.round((run.left - left) / characterWidth);
      // Words a space apart stay a space apart; a wider gap keeps the run at its column, two spaces from text at least.
      const spaces = !written ? column : (run.left - end) / characterWidth < 1.5 ? 1 : Math.max(2, column - written.length);
      written += ' '.repeat(Math.min(spaces, MAX_INDENT)) + run.text.trim().replace(/\s/g, ' ');
      end = run.left + run.width;
    }
    text.push(written);
  });
  return text.join('\n');
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
