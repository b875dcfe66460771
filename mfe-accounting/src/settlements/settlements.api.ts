import type { Settlement } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/settlements, PATCH/DELETE /api/settlements/:id; the list is refetched after every change. */
export const settlementsApi = createResourceApi<Settlement>('settlements');
