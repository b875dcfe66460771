import { INVOICE_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The invoices table's constraints, as a user reads them (names from the migration). */
export const INVOICE_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  invoices_invoice_number_key: { field: 'invoiceNumber', message: INVOICE_MESSAGES.duplicateInvoiceNumber },
  // Only when a payment is recorded between the count of its payments and the delete.
  payments_invoice_id_fkey: { field: 'id', message: INVOICE_MESSAGES.stillHasPayments },
  factoring_ledger_invoice_id_fkey: { field: 'id', message: INVOICE_MESSAGES.stillInLedger },
};
