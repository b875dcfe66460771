import type { Invoice } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/invoices, PATCH/DELETE /api/invoices/:id; the list is refetched after every change. */
export const invoicesApi = createResourceApi<Invoice>('invoices');
