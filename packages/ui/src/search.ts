/**
 * Spec 2.4: list screens search on the client, case-insensitive, by substring, over the fields each screen declares.
 */

/** A field to search: a property of the row, or a function for values that live elsewhere (a joined name). */
export type SearchField<T> = Extract<keyof T, string> | ((row: T) => string | number | null | undefined);

/** True when the user has typed something to search for (blank space is not a search). */
export function isSearching(query: string): boolean {
  return query.trim() !== '';
}

// Between a row's fields in its search text: a search box holds one line, so no query spans two fields.
const FIELD_SEPARATOR = '\n';

/**
 * Spaces and dashes people leave out or put in as they like ('P 270936', 'P270936'; 'LD-1042', 'LD1042'): a query
 * also matches when they are left out of both sides (issue 31). Line breaks stay: they separate a row's fields.
 */
const SPACING = /[\p{Zs}\t\-\u2010-\u2015\u2212]/gu;
const compact = (text: string) => text.replace(SPACING, '');

/**
 * A list's search, prepared once per list: each row's declared fields, lower-cased and joined, so that a keystroke
 * looks for the query in one string per row (a list of 10,000 is searched again on every key). Answers the rows that
 * match a query, in their order; all of them for a blank query.
 */
export function searchIndex<T>(rows: readonly T[], fields: readonly SearchField<T>[]): (query: string) => readonly T[] {
  const texts = rows.map((row) =>
    fields
      .map((field) => (typeof field === 'function' ? field(row) : row[field]))
      .filter((value) => value !== null && value !== undefined)
      .join(FIELD_SEPARATOR)
      .toLowerCase(),
  );
  let compactTexts: string[] | undefined;
  return (query) => {
    const needle = query.trim().toLowerCase();
    if (!needle) return rows;
    const compactNeedle = compact(needle);
    // Made on the first query that needs them, once per list.
    if (compactNeedle && !compactTexts) compactTexts = texts.map(compact);
    return rows.filter((_, index) => texts[index].includes(needle) || (compactNeedle !== '' && compactTexts![index].includes(compactNeedle)));
  };
}

export function filterBySearch<T>(rows: readonly T[], query: string, fields: readonly SearchField<T>[]): readonly T[] {
  return searchIndex(rows, fields)(query);
}
