import { PAYMENT_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The payments table's constraints, as a user reads them (names from the migration). */
export const PAYMENT_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when the invoice is deleted between our look at it and the write.
  payments_invoice_id_fkey: { field: 'invoiceId', message: PAYMENT_MESSAGES.invoiceNotFound },
};
