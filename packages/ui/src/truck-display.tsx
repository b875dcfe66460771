import { TRUCK_STATUS_LABELS, type Truck, type TruckStatus } from '@tms/contracts';
import { StatusBadge, type BadgeTone } from './StatusBadge.js';

/** How a truck reads wherever it is shown (Fleet Management, the dashboard's Fleet Status). */
const TRUCK_STATUS_TONES: Record<TruckStatus, BadgeTone> = {
  available: 'success',
  'in-use': 'info',
  maintenance: 'warning',
  'out-of-service': 'destructive',
};

export function TruckStatusBadge({ status }: { status: string | null | undefined }) {
  return <StatusBadge status={status} labels={TRUCK_STATUS_LABELS} tones={TRUCK_STATUS_TONES} />;
}

/** Spec 2.6: 'year make model', or null (the screens say 'Not specified') when the truck has none of them. */
export function vehicleDetails(truck: Pick<Truck, 'year' | 'make' | 'model'>): string | null {
  return [truck.year, truck.make, truck.model].filter((part) => part !== null && part !== undefined && part !== '').join(' ') || null;
}
