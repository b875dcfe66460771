import type { Load } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/**
 * GET/POST /api/loads, PATCH/DELETE /api/loads/:id; the list is refetched after every change, and so are the lists
 * that show a load and lose it when it is deleted (fuel purchases, accidents keep no load).
 */
export const loadsApi = createResourceApi<Load>('loads', { alsoRefetch: ['fuel', 'accidents'] });
