import { DEFAULT_ACCIDENT_STATUS, type Accident, type AccidentInput } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Accidents tab and its dialog say (spec 2.10 and 8): accidents are reported. */
export const accidentTexts = resourceTexts({ one: 'accident', many: 'accidents', title: 'Accident' }, 'report', {
  emptyHint: 'No accidents have been reported',
  createFailed: 'Failed to report accident\nPlease try again.',
  updateFailed: 'Failed to update accident\nPlease try again.',
  deleteConfirm: 'Are you sure you want to delete this accident record?',
});

/** The accident dialog's fields as the inputs hold them: '' in truckId / loadId is the 'None' choice, money as text. */
export interface AccidentFormValues {
  driverId: string | undefined;
  truckId: string;
  loadId: string;
  accidentDate: Dayjs | null;
  location: string;
  severity: string | undefined;
  status: string;
  injuriesReported: number | null;
  policeReportNumber: string;
  insuranceClaimNumber: string;
  estimatedCost: string | null;
  description: string;
}

/** The dialog's starting values: the accident being edited, or one reported `today` with no injuries (spec 3). */
export function accidentFormValues(accident: Accident | null, today: Dayjs = dayjs()): AccidentFormValues {
  return {
    driverId: accident?.driverId ?? undefined,
    truckId: accident?.truckId ?? '',
    loadId: accident?.loadId ?? '',
    accidentDate: accident ? dayFromText(accident.accidentDate) : today.startOf('day'),
    location: accident?.location ?? '',
    severity: accident?.severity ?? undefined,
    status: accident?.status ?? DEFAULT_ACCIDENT_STATUS,
    injuriesReported: accident?.injuriesReported ?? 0,
    policeReportNumber: accident?.policeReportNumber ?? '',
    insuranceClaimNumber: accident?.insuranceClaimNumber ?? '',
    estimatedCost: accident?.estimatedCost ?? null,
    description: accident?.description ?? '',
  };
}

/** The body of POST/PATCH /api/accidents: empty injuries as 0, 'None' and empty optionals as null, money as text. */
export function accidentPayload(values: AccidentFormValues): AccidentInput {
  return {
    driverId: values.driverId ?? '',
    truckId: values.truckId || null,
    loadId: values.loadId || null,
    accidentDate: dayToText(values.accidentDate) ?? '',
    location: values.location ?? '',
    severity: (values.severity ?? '') as AccidentInput['severity'],
    status: values.status as AccidentInput['status'],
    injuriesReported: values.injuriesReported ?? 0,
    policeReportNumber: textOrNull(values.policeReportNumber),
    insuranceClaimNumber: textOrNull(values.insuranceClaimNumber),
    estimatedCost: textOrNull(values.estimatedCost),
    description: values.description ?? '',
  };
}
