import { DEFAULT_INSPECTION_STATUS, type Inspection, type InspectionInput } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Inspections tab and its dialog say (spec 2.10 and 8): inspections are recorded. */
export const inspectionTexts = resourceTexts({ one: 'inspection', many: 'inspections', title: 'Inspection' }, 'record', {
  createFailed: 'Failed to record inspection\nPlease try again.',
  updateFailed: 'Failed to update inspection\nPlease try again.',
});

/** The inspection dialog's fields as the inputs hold them. */
export interface InspectionFormValues {
  truckId: string | undefined;
  driverId: string | undefined;
  inspectionType: string | undefined;
  inspectionDate: Dayjs | null;
  status: string;
  performedBy: string;
  defects: string;
  notes: string;
}

/** The dialog's starting values: the inspection being edited, or a pending one dated `today`. */
export function inspectionFormValues(inspection: Inspection | null, today: Dayjs = dayjs()): InspectionFormValues {
  return {
    truckId: inspection?.truckId ?? undefined,
    driverId: inspection?.driverId ?? undefined,
    inspectionType: inspection?.inspectionType ?? undefined,
    inspectionDate: inspection ? dayFromText(inspection.inspectionDate) : today.startOf('day'),
    status: inspection?.status ?? DEFAULT_INSPECTION_STATUS,
    performedBy: inspection?.performedBy ?? '',
    defects: inspection?.defects ?? '',
    notes: inspection?.notes ?? '',
  };
}

/** The body of POST/PATCH /api/inspections: the date as 'YYYY-MM-DD', empty optional texts as null. */
export function inspectionPayload(values: InspectionFormValues): InspectionInput {
  return {
    truckId: values.truckId ?? '',
    driverId: values.driverId ?? '',
    inspectionType: (values.inspectionType ?? '') as InspectionInput['inspectionType'],
    inspectionDate: dayToText(values.inspectionDate) ?? '',
    status: values.status as InspectionInput['status'],
    performedBy: textOrNull(values.performedBy),
    defects: textOrNull(values.defects),
    notes: textOrNull(values.notes),
  };
}
