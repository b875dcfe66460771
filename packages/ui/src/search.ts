/**
 * Spec 2.4: list screens search on the client, case-insensitive, by substring, over the fields each screen declares.
 */

/** A field to search: a property of the row, or a function for values that live elsewhere (a joined name). */
export type SearchField<T> = Extract<keyof T, string> | ((row: T) => string | number | null | undefined);

/** True when the user has typed something to search for (blank space is not a search). */
export function isSearching(query: string): boolean {
  return query.trim() !== '';
}

export function matchesSearch<T>(row: T, query: string, fields: readonly SearchField<T>[]): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => {
    const value = typeof field === 'function' ? field(row) : row[field];
    return value !== null && value !== undefined && String(value).toLowerCase().includes(needle);
  });
}

export function filterBySearch<T>(rows: readonly T[], query: string, fields: readonly SearchField<T>[]): T[] {
  return isSearching(query) ? rows.filter((row) => matchesSearch(row, query, fields)) : [...rows];
}
