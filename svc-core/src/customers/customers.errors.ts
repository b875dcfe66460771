import { CUSTOMER_MESSAGES, namedElsewhereMessage } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The constraints a customer's writes can meet, as a user reads them (names from the migration). */
export const CUSTOMER_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when a load is saved for the customer between the count of its loads and the delete.
  loads_customer_id_fkey: { field: 'id', message: CUSTOMER_MESSAGES.stillHasLoads },
  // Only when another service holds it again between the check of its holds and the delete, twice.
  held_references_customer_id_fkey: { field: 'id', message: namedElsewhereMessage('customer', []) },
};
