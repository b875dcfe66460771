import { CUSTOMER_MESSAGES } from '@tms/contracts';
import type { ConstraintMeaning } from '@tms/service-kit';

/** The constraints a customer's writes can meet, as a user reads them (names from the migration). */
export const CUSTOMER_CONSTRAINTS: Record<string, ConstraintMeaning> = {
  // Only when a load is saved for the customer between the count of its loads and the delete.
  loads_customer_id_fkey: { field: 'id', message: CUSTOMER_MESSAGES.stillHasLoads },
};
