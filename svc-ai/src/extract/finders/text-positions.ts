/** Where things stand in a document's text: finders find places, dates and markers by offset, in text order. */
export interface Located<T> {
  at: number;
  value: T;
}

/** The index of the last item at or before `at` (items in text order), or -1. */
export function lastIndexAtOrBefore<T>(items: readonly T[], at: number, position: (item: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (position(items[middle]) <= at) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** The start of the line of a position, for positions asked in text order: one pass over the text in all. */
export function lineStarts(text: string): (at: number) => number {
  let start = 0;
  let newline = text.indexOf('\n');
  return (at) => {
    while (newline !== -1 && newline < at) {
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    return start;
  };
}

export function* linesWithOffsets(text: string) {
  let offset = 0;
  for (const line of text.split('\n')) {
    yield { text: line, offset };
    offset += line.length + 1;
  }
}
