import type { Violation } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/violations, PATCH/DELETE /api/violations/:id; the list is refetched after every change. */
export const violationsApi = createResourceApi<Violation>('violations');
