import type { Truck } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/**
 * GET/POST /api/trucks, PATCH/DELETE /api/trucks/:id; the list is refetched after every change, and so is the
 * drivers' list: deleting a truck unassigns its drivers.
 */
export const trucksApi = createResourceApi<Truck>('trucks', { alsoRefetch: ['drivers'] });
