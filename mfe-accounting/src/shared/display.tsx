import {
  INVOICE_STATUS_LABELS,
  SETTLEMENT_STATUSES,
  type InvoiceStatus,
  type SettlementStatus,
} from '@tms/contracts';
import { StatusBadge, type BadgeTone } from '@tms/ui';

const INVOICE_STATUS_TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  paid: 'success',
  overdue: 'destructive',
  cancelled: 'outline',
};

export function InvoiceStatusBadge({ status }: { status: string | null | undefined }) {
  return <StatusBadge status={status} labels={INVOICE_STATUS_LABELS} tones={INVOICE_STATUS_TONES} />;
}

/** Spec 2.11: Paid default, Approved secondary, Pending outline, Cancelled destructive. */
export const SETTLEMENT_STATUS_TONES: Record<SettlementStatus, BadgeTone> = {
  Paid: 'primary',
  Approved: 'secondary',
  Pending: 'outline',
  Cancelled: 'destructive',
};
const SETTLEMENT_STATUS_LABELS = Object.fromEntries(SETTLEMENT_STATUSES.map((status) => [status, status])) as Record<SettlementStatus, string>;

export function SettlementStatusBadge({ status }: { status: string | null | undefined }) {
  return <StatusBadge status={status} labels={SETTLEMENT_STATUS_LABELS} tones={SETTLEMENT_STATUS_TONES} />;
}

/** Figures in columns line up digit under digit. */
export const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

/** Where a referenced record is gone (deleted in svc-core): spec's fallbacks. */
export const NOT_AVAILABLE = 'N/A';
export const UNKNOWN = 'Unknown';
