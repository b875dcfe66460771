import { SETTLEMENT_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The settlements table's constraints, as a user reads them (names from the migration). */
export const SETTLEMENT_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  settlements_settlement_number_key: { field: 'settlementNumber', message: SETTLEMENT_MESSAGES.duplicateSettlementNumber },
};
