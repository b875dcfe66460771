import type { Truck } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/**
 * GET/POST /api/trucks, PATCH/DELETE /api/trucks/:id; the list is refetched after every change, and so is the
 * drivers' and the loads' lists: deleting a truck unassigns it from them.
 */
export const trucksApi = createResourceApi<Truck>('trucks', { alsoRefetch: ['drivers', 'loads'] });
