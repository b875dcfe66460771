import { LOAD_STATUS_LABELS, type Load, type LoadStatus } from '@tms/contracts';
import { StatusBadge, type BadgeTone } from '@tms/ui';

const LOAD_STATUS_TONES: Record<LoadStatus, BadgeTone> = {
  pending: 'warning',
  assigned: 'info',
  'in-transit': 'primary',
  delivered: 'success',
  invoiced: 'secondary',
};

/** A load's status as the Loads screen and the dashboard show it ('In Transit'). */
export function LoadStatusBadge({ status }: { status: string | null | undefined }) {
  return <StatusBadge status={status} labels={LOAD_STATUS_LABELS} tones={LOAD_STATUS_TONES} />;
}

/** Spec 2.3 and 2.5: the pickup location, an arrow, the delivery location. */
export const loadRoute = (load: Pick<Load, 'pickupLocation' | 'deliveryLocation'>) => `${load.pickupLocation} → ${load.deliveryLocation}`;
