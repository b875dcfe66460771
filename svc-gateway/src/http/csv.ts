/** CSV answers: the writer (and its formula rule) is packages/contracts' csv.ts, shared with the screens' Export. */
export { csvCell, csvDocument, csvLine } from '@tms/contracts';

/** `Content-Disposition` for a download named `name` (ASCII only, as every browser takes it). */
export const attachment = (name: string) => `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`;
