import { z } from 'zod';

/**
 * A choice that may be left empty: one of the values, or empty, missing or null (all become null); `message` when
 * it is something else. Accounting's optional lists (an expense's payment method, a settlement's) are built with it.
 * Like z.enum it carries its `options`, so whoever inspects a schema (the gateway's input fuzz test) finds them.
 */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  Object.assign(
    z
      .union([z.enum(values), z.literal('')], { error: message })
      .nullish()
      .transform((value): T[number] | null => (value ? value : null)),
    { options: values },
  );
