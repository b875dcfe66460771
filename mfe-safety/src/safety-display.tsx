import {
  ACCIDENT_SEVERITY_LABELS,
  ACCIDENT_STATUS_LABELS,
  formatDollars,
  INSPECTION_STATUS_LABELS,
  VIOLATION_STATUS_LABELS,
  type AccidentSeverity,
  type AccidentStatus,
  type InspectionStatus,
  type ViolationStatus,
} from '@tms/contracts';
import { formatDay, PADDED_DAY_DISPLAY_FORMAT, StatusBadge, type BadgeTone } from '@tms/ui';

/** Spec 2.10: every safety date reads 'MMM dd, yyyy' ('Mar 04, 2027'). */
export const safetyDate = (day: string | null | undefined) => formatDay(day, PADDED_DAY_DISPLAY_FORMAT);

/** Spec 2.10: the truck's number or the driver's name, 'Unknown' when there is none or it is gone. */
export const UNKNOWN = 'Unknown';
export const nameOr = (name: string | undefined) => name ?? UNKNOWN;

/** Spec 2.10's fallbacks: defects or 'None', citation or 'N/A', fine in dollars or 'N/A', a count or 0. */
export const defectsText = (defects: string | null | undefined) => defects || 'None';
export const citationText = (citation: string | null | undefined) => citation || 'N/A';
export const fineText = (fine: string | null | undefined) => (fine ? formatDollars(fine) : 'N/A');
export const countOrZero = (count: number | null | undefined) => count ?? 0;

const INSPECTION_STATUS_TONES: Record<InspectionStatus, BadgeTone> = { Passed: 'success', Failed: 'destructive', Pending: 'warning' };
const ACCIDENT_SEVERITY_TONES: Record<AccidentSeverity, BadgeTone> = { Minor: 'info', Moderate: 'warning', Severe: 'destructive', Critical: 'destructive' };
const ACCIDENT_STATUS_TONES: Record<AccidentStatus, BadgeTone> = { Reported: 'warning', 'Under Investigation': 'info', Closed: 'secondary' };
const VIOLATION_STATUS_TONES: Record<ViolationStatus, BadgeTone> = { Pending: 'warning', Paid: 'success', Contested: 'info', Dismissed: 'secondary' };

export function InspectionStatusBadge({ status }: { status: string | null | undefined }) {
  return <StatusBadge status={status} labels={INSPECTION_STATUS_LABELS} tones={INSPECTION_STATUS_TONES} />;
}

export function AccidentSeverityBadge({ severity }: { severity: string | null | undefined }) {
  return <StatusBadge status={severity} labels={ACCIDENT_SEVERITY_LABELS} tones={ACCIDENT_SEVERITY_TONES} />;
}

export function AccidentStatusBadge({ status }: { status: string | null | undefined }) {
  return <StatusBadge status={status} labels={ACCIDENT_STATUS_LABELS} tones={ACCIDENT_STATUS_TONES} />;
}

export function ViolationStatusBadge({ status }: { status: string | null | undefined }) {
  return <StatusBadge status={status} labels={VIOLATION_STATUS_LABELS} tones={VIOLATION_STATUS_TONES} />;
}
