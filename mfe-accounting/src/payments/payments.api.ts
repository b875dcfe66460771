import type { Payment } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** Spec 7: payment create, update and delete also refetch invoices (their paid amounts change with them). */
export const paymentsApi = createResourceApi<Payment>('payments', { alsoRefetch: ['invoices'] });
