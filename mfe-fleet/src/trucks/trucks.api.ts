import type { Truck } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/trucks, PATCH/DELETE /api/trucks/:id; the list is refetched after every change. */
export const trucksApi = createResourceApi<Truck>('trucks');
