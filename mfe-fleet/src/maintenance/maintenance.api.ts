import type { MaintenanceRecord } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/maintenance, PATCH/DELETE /api/maintenance/:id; the list is refetched after every change. */
export const maintenanceApi = createResourceApi<MaintenanceRecord>('maintenance');
