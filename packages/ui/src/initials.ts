/** Spec 2.7 and 9: an avatar's initials are the first letters of the name's words, at most 2, in capitals. */
export function initials(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0])
    .join('')
    .toUpperCase()
    .slice(0, 2);
}
