import { z } from 'zod';

/** Building blocks for the entity schemas: forms send text, services store typed values. */

/** Non-empty text after trimming, with the spec's 'X is required' message. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Optional text: empty, missing or null all become null. */
export const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));

const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** True for a real calendar day ('2027-02-30' is not one). */
const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** A calendar day as 'YYYY-MM-DD'; a full ISO timestamp is cut to its day (forms may hold either). */
export const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const day = ISO_DAY.exec(value)?.[1];
    if (!day || !isCalendarDay(day)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date' });
      return z.NEVER;
    }
    return day;
  });

/** A whole number, from a number or numeric text; empty becomes null. */
export const optionalInteger = (message: string) =>
  z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(number)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

/** A uuid reference that may be left empty (null unassigns it). */
export const optionalReference = (message: string) =>
  z
    .union([z.uuid({ error: message }), z.literal('')], { error: message })
    .nullish()
    .transform((value) => (value ? value : null));

/** A choice among the given values, with one message for 'missing' and 'not one of them'. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** Turns a zod error into field → messages, the shape the forms and the HTTP 400 body share. */
export function fieldIssues(error: z.ZodError): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (issues[field] ??= []).push(issue.message);
  }
  return issues;
}
