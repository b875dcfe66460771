import type { Load } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/loads, PATCH/DELETE /api/loads/:id; the list is refetched after every change. */
export const loadsApi = createResourceApi<Load>('loads');
