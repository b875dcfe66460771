import type { Driver } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/**
 * GET/POST /api/drivers, PATCH/DELETE /api/drivers/:id; the list is refetched after every change, and so are the
 * loads (a deleted driver is unassigned from them).
 */
export const driversApi = createResourceApi<Driver>('drivers', { alsoRefetch: ['loads'] });
