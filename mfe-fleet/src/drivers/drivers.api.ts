import type { Driver } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/drivers, PATCH/DELETE /api/drivers/:id; the list is refetched after every change. */
export const driversApi = createResourceApi<Driver>('drivers');
