import type { ConstraintMeaning } from '@tms/service-kit';

/** The expenses table has no unique or foreign key a user could run into: its load lives in svc-core. */
export const EXPENSE_CONSTRAINTS: Record<string, ConstraintMeaning> = {};
