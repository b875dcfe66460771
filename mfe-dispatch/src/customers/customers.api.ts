import type { Customer } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/**
 * GET/POST /api/customers, PATCH/DELETE /api/customers/:id; the list is refetched after every change. The server
 * refuses (409) to delete a customer that loads still use.
 */
export const customersApi = createResourceApi<Customer>('customers');
