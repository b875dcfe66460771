import type { FuelPurchase } from '@tms/contracts';
import { createResourceApi } from '@tms/ui';

/** GET/POST /api/fuel, PATCH/DELETE /api/fuel/:id; the list is refetched after every change. */
export const fuelApi = createResourceApi<FuelPurchase>('fuel');
