import { DEFAULT_MAINTENANCE_STATUS, type MaintenanceInput, type MaintenanceRecord } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import dayjs, { type Dayjs } from 'dayjs';

/** What the Maintenance screen and its dialog say (spec 2.12 and 8). */
export const maintenanceTexts = resourceTexts({ one: 'maintenance record', many: 'maintenance records', title: 'Service Record' }, 'add', {
  searchPlaceholder: 'Search by truck number or vendor...',
  emptyHint: 'Get started by adding your first service record',
  createDescription: 'Record a new maintenance service',
  editDescription: 'Update maintenance details',
  createSubmit: 'Create',
  updateSubmit: 'Update',
  createFailed: 'Failed to record maintenance. Please try again.',
  updateFailed: 'Failed to update maintenance. Please try again.',
  created: ['Maintenance recorded'],
  updated: ['Maintenance updated'],
  deleted: ['Maintenance deleted'],
});

/** The maintenance dialog's fields as the inputs hold them: the cost as text (never a JavaScript number), days as picker days. */
export interface MaintenanceFormValues {
  truckId: string | undefined;
  maintenanceType: string | undefined;
  serviceDate: Dayjs | null;
  mileage: number | null;
  cost: string | null;
  vendor: string;
  description: string;
  nextServiceMileage: number | null;
  nextServiceDate: Dayjs | null;
  status: string;
  invoiceNumber: string;
  notes: string;
}

/** The dialog's starting values: the record being edited, or a new one serviced today and Scheduled (spec 4, 5). */
export function maintenanceFormValues(record: MaintenanceRecord | null, now: Dayjs = dayjs()): MaintenanceFormValues {
  return {
    truckId: record?.truckId ?? undefined,
    maintenanceType: record?.maintenanceType ?? undefined,
    serviceDate: record ? dayFromText(record.serviceDate) : now.startOf('day'),
    mileage: record?.mileage ?? null,
    cost: record?.cost ?? null,
    vendor: record?.vendor ?? '',
    description: record?.description ?? '',
    nextServiceMileage: record?.nextServiceMileage ?? null,
    nextServiceDate: dayFromText(record?.nextServiceDate),
    status: record?.status ?? DEFAULT_MAINTENANCE_STATUS,
    invoiceNumber: record?.invoiceNumber ?? '',
    notes: record?.notes ?? '',
  };
}

/**
 * The body of POST/PATCH /api/maintenance: the cost and days as text, mileages as numbers, empty optionals as null
 * (which a create leaves out, spec 5).
 */
export function maintenancePayload(values: MaintenanceFormValues): MaintenanceInput {
  return {
    truckId: values.truckId ?? '',
    maintenanceType: (values.maintenanceType ?? '') as MaintenanceInput['maintenanceType'],
    serviceDate: dayToText(values.serviceDate) ?? '',
    mileage: values.mileage ?? null,
    cost: values.cost ?? '',
    vendor: textOrNull(values.vendor),
    description: values.description ?? '',
    nextServiceMileage: values.nextServiceMileage ?? null,
    nextServiceDate: dayToText(values.nextServiceDate),
    status: values.status as MaintenanceInput['status'],
    invoiceNumber: textOrNull(values.invoiceNumber),
    notes: textOrNull(values.notes),
  };
}
