import type { Accident } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/accidents, PATCH/DELETE /api/accidents/:id; the list is refetched after every change. */
export const accidentsApi = createResourceApi<Accident>('accidents');
