import type { Inspection } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/inspections, PATCH/DELETE /api/inspections/:id; the list is refetched after every change. */
export const inspectionsApi = createResourceApi<Inspection>('inspections');
