import { Logger } from '@nestjs/common';
import { fail, invalidInput, SOMETHING_WENT_WRONG, type RpcReply } from '@tms/contracts';

/** What a unique or foreign-key constraint means to a user: the field it concerns and the message to show. */
export interface ConstraintMeaning {
  field: string;
  message: string;
}

interface PostgresError {
  code?: string;
  constraint?: string;
}

const logger = new Logger('Errors');

/**
 * Values Postgres refuses to store: data exceptions (class 22: out of range, NUL in text, bad dates) and values too
 * large to index (54000). The contracts' field limits keep these out; should one slip through, it is the input's
 * fault, not the service's.
 */
const isRefusedValue = (code: string | undefined) => code !== undefined && (code.startsWith('22') || code === '54000');

/**
 * Turns a database error into an answer a user can act on. Known constraints become 409 conflicts naming their
 * field; values Postgres refuses become 400; anything else is logged here and travels only as 'internal' — never
 * SQL or a stack trace.
 */
export function databaseErrorReply(error: unknown, constraints: Record<string, ConstraintMeaning>): RpcReply<never> {
  const { code, constraint } = ((error as { driverError?: PostgresError }).driverError ?? error) as PostgresError;
  const meaning = constraint ? constraints[constraint] : undefined;
  if (meaning && (code === '23505' || code === '23503')) {
    return fail('conflict', meaning.message, { [meaning.field]: [meaning.message] });
  }
  if (isRefusedValue(code)) {
    logger.warn(`A value the contracts let through was refused by Postgres (${code}): tighten its field's limits`);
    return invalidInput();
  }
  return internalErrorReply(error);
}

export function internalErrorReply(error: unknown): RpcReply<never> {
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return fail('internal', SOMETHING_WENT_WRONG);
}
