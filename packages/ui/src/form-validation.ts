import { fieldIssues } from '@tms/contracts';
import type { z } from 'zod';
import { ApiError } from './api.js';

/**
 * What a form shows under its fields (spec 5): the messages of the contracts' zod schema, and the server's field
 * issues when it refuses a save (400, or 409 for a duplicate unique value).
 */
export type FieldIssues = Record<string, string[]>;

export interface FieldErrors {
  name: string;
  errors: string[];
}

/** Checks a payload against the schema: its parsed value, or the messages per field. */
export function validatePayload<S extends z.ZodType>(
  schema: S,
  payload: unknown,
): { ok: true; value: z.output<S> } | { ok: false; issues: FieldIssues } {
  const result = schema.safeParse(payload);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: fieldIssues(result.error) };
}

/** The server's per-field messages when it refused the input; none for any other failure. */
export function serverFieldIssues(error: unknown): FieldIssues {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) return error.fieldIssues;
  return {};
}

/**
 * Errors for each of the form's fields: its first message, or none (clearing what an earlier attempt showed).
 * Issues about fields the form does not have are left out; the failure toast speaks for them.
 */
export function fieldErrors(issues: FieldIssues, fields: readonly string[]): FieldErrors[] {
  return fields.map((name) => ({ name, errors: (issues[name] ?? []).slice(0, 1) }));
}

/** The fields of an object schema that cannot be left out: the form marks them as required. */
export function requiredFields(schema: z.ZodType): Set<string> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape || typeof shape !== 'object') return new Set();
  return new Set(
    Object.entries(shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name),
  );
}
