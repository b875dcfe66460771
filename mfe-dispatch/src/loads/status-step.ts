import { LOAD_STATUS_LABELS, type Load, type LoadStatus } from '@tms/contracts';

/** A load's next status in one click (issue 47): the row menu's 'Mark Assigned', 'Mark In Transit', 'Mark Delivered'. */
export interface StatusStep {
  to: LoadStatus;
  label: string;
}

const NEXT: Partial<Record<LoadStatus, LoadStatus>> = { pending: 'assigned', assigned: 'in-transit', 'in-transit': 'delivered' };

/** The step after the load's status; none once delivered, and none to Assigned for a load no driver drives yet. */
export function nextStatusStep(load: Pick<Load, 'status' | 'assignedDriverId'>): StatusStep | undefined {
  const to = NEXT[load.status];
  if (!to || (to === 'assigned' && !load.assignedDriverId)) return undefined;
  return { to, label: `Mark ${LOAD_STATUS_LABELS[to]}` };
}

const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The day after `day` ('YYYY-MM-DD'). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * What to ask before a load is marked delivered on `today` (the spec leaves statuses free: a question, not a refusal):
 * before its pickup date, or more than a day before its delivery date.
 */
export function deliveredEarlyQuestion(load: Pick<Load, 'loadNumber' | 'pickupDate' | 'deliveryDate'>, today: string): string | undefined {
  if (today < load.pickupDate) return `${load.loadNumber} is picked up on ${usDay(load.pickupDate)}. Mark it delivered anyway?`;
  if (dayAfter(today) < load.deliveryDate) return `${load.loadNumber} is due for delivery on ${usDay(load.deliveryDate)}. Mark it delivered anyway?`;
  return undefined;
}

export const STATUS_STEP_TEXTS = {
  done: (load: Pick<Load, 'loadNumber'>, to: LoadStatus) => `${load.loadNumber} marked ${LOAD_STATUS_LABELS[to]}`,
  undone: (load: Pick<Load, 'loadNumber'>, to: LoadStatus) => `${load.loadNumber} is ${LOAD_STATUS_LABELS[to]} again`,
  failed: 'Failed to update load.',
} as const;
