import { DEFAULT_VIOLATION_STATUS, type Violation, type ViolationInput } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Violations tab and its dialog say (spec 2.10 and 8): violations are recorded. */
export const violationTexts = resourceTexts({ one: 'violation', many: 'violations', title: 'Violation' }, 'record', {
  emptyHint: 'No violations have been recorded',
  createFailed: 'Failed to record violation\nPlease try again.',
  updateFailed: 'Failed to update violation\nPlease try again.',
});

/** The violation dialog's fields as the inputs hold them: '' in truckId is the 'None' choice, money as text. */
export interface ViolationFormValues {
  driverId: string | undefined;
  truckId: string;
  violationType: string | undefined;
  violationDate: Dayjs | null;
  location: string;
  status: string;
  citationNumber: string;
  fineAmount: string | null;
  points: number | null;
  dueDate: Dayjs | null;
  description: string;
}

/** The dialog's starting values: the violation being edited, or a pending one dated `today` with 0 points (spec 5). */
export function violationFormValues(violation: Violation | null, today: Dayjs = dayjs()): ViolationFormValues {
  return {
    driverId: violation?.driverId ?? undefined,
    truckId: violation?.truckId ?? '',
    violationType: violation?.violationType ?? undefined,
    violationDate: violation ? dayFromText(violation.violationDate) : today.startOf('day'),
    location: violation?.location ?? '',
    status: violation?.status ?? DEFAULT_VIOLATION_STATUS,
    citationNumber: violation?.citationNumber ?? '',
    fineAmount: violation?.fineAmount ?? null,
    points: violation?.points ?? 0,
    dueDate: dayFromText(violation?.dueDate),
    description: violation?.description ?? '',
  };
}

/** The body of POST/PATCH /api/violations: empty points as 0, 'None' and empty optionals as null, money as text. */
export function violationPayload(values: ViolationFormValues): ViolationInput {
  return {
    driverId: values.driverId ?? '',
    truckId: values.truckId || null,
    violationType: (values.violationType ?? '') as ViolationInput['violationType'],
    violationDate: dayToText(values.violationDate) ?? '',
    location: values.location ?? '',
    status: values.status as ViolationInput['status'],
    citationNumber: textOrNull(values.citationNumber),
    fineAmount: textOrNull(values.fineAmount),
    points: values.points ?? 0,
    dueDate: dayToText(values.dueDate),
    description: values.description ?? '',
  };
}
