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
  return (query) => {
    const needle = query.trim().toLowerCase();
    return needle ? rows.filter((_, index) => texts[index].includes(needle)) : rows;
  };
}

export function filterBySearch<T>(rows: readonly T[], query: string, fields: readonly SearchField<T>[]): readonly T[] {
  return searchIndex(rows, fields)(query);
}
