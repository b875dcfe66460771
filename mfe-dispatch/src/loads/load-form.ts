import { DEFAULT_LOAD_STATUS, type Load, type LoadInput } from '@tms/contracts';
import { dayFromText, dayToText, resourceTexts, textOrNull } from '@tms/ui';
import type { Dayjs } from 'dayjs';
import { newStop, onlySpecStops, stopFormValues, stopPayload, type StopFormValues } from './stop-form.js';

/** What the Loads screen and its dialog say (spec 2.4, 2.5 and 8): loads are created, not added. */
export const loadTexts = resourceTexts({ one: 'load', many: 'loads', title: 'Load' }, 'create');

/**
 * The Loads list's filters (issue 47), each its placeholder and its name for screen readers; none holds a label of
 * the load dialog (its fields are found by their labels).
 */
export const LOAD_FILTER_TEXTS = {
  status: 'Filter by status',
  customer: 'Filter by customer',
  driver: 'Filter by driver',
  truck: 'Filter by truck',
  pickupFrom: 'Pickup from',
  pickupTo: 'Pickup to',
} as const;

/** Spec 2.5 and 9: a new load's number is 'LD-' followed by the current timestamp. */
export const generatedLoadNumber = (now: number = Date.now()) => `LD-${now}`;

/**
 * The load dialog's fields as the inputs hold them: money as text (never a JavaScript number), dates as picker days;
 * '' in assignedDriverId / assignedTruckId is the 'None' choice.
 */
export interface LoadFormValues {
  loadNumber: string;
  customerId: string | undefined;
  status: string;
  pickupLocation: string;
  pickupDate: Dayjs | null;
  deliveryLocation: string;
  deliveryDate: Dayjs | null;
  rate: string | null;
  expenses: string | null;
  weight: number | null;
  /** Loaded miles (issue 26: per-mile driver pay); empty is none. */
  miles: number | null;
  commodity: string;
  assignedDriverId: string;
  assignedTruckId: string;
  notes: string;
  /** Its stops in order (issue 42): the first and last are the pickup and delivery above. */
  stops: StopFormValues[];
}

/**
 * The dialog's starting values: the load being edited, its dates cut to the calendar day; or a new load numbered
 * 'LD-' + `now`, pending, with expenses 0 and weight 0 (spec 2.5).
 */
export function loadFormValues(load: Load | null, now: number = Date.now()): LoadFormValues {
  return {
    loadNumber: load?.loadNumber ?? generatedLoadNumber(now),
    customerId: load?.customerId ?? undefined,
    status: load?.status ?? DEFAULT_LOAD_STATUS,
    pickupLocation: load?.pickupLocation ?? '',
    pickupDate: dayFromText(load?.pickupDate),
    deliveryLocation: load?.deliveryLocation ?? '',
    deliveryDate: dayFromText(load?.deliveryDate),
    rate: load?.rate ?? null,
    expenses: load?.expenses ?? '0',
    weight: load?.weight ?? 0,
    miles: load?.miles ?? null,
    commodity: load?.commodity ?? '',
    assignedDriverId: load?.assignedDriverId ?? '',
    assignedTruckId: load?.assignedTruckId ?? '',
    notes: load?.notes ?? '',
    stops: load?.stops?.length ? load.stops.map(stopFormValues) : [newStop('pickup', load?.pickupLocation), newStop('delivery', load?.deliveryLocation)],
  };
}

/**
 * The body of POST/PATCH /api/loads: money and dates as text ('2450.50', 'YYYY-MM-DD'), an empty weight as 0, empty
 * optional fields (and 'None', and no miles) as null; its stops, unless they are a new load's pickup and delivery with
 * nothing more said (then it is written the spec's way).
 */
export function loadPayload(values: LoadFormValues): LoadInput {
  return {
    loadNumber: values.loadNumber ?? '',
    customerId: values.customerId ?? '',
    status: values.status as LoadInput['status'],
    pickupLocation: values.pickupLocation ?? '',
    pickupDate: dayToText(values.pickupDate) ?? '',
    deliveryLocation: values.deliveryLocation ?? '',
    deliveryDate: dayToText(values.deliveryDate) ?? '',
    rate: values.rate ?? '',
    expenses: textOrNull(values.expenses),
    weight: values.weight ?? 0,
    miles: values.miles ?? null,
    commodity: textOrNull(values.commodity),
    assignedDriverId: values.assignedDriverId || null,
    assignedTruckId: values.assignedTruckId || null,
    notes: textOrNull(values.notes),
    ...(values.stops && !onlySpecStops(values.stops) ? { stops: values.stops.map(stopPayload) } : {}),
  };
}

/**
 * What choosing a driver or a truck fills in (issue 47): the driver's own truck when no truck is chosen yet, and a
 * pending load with both a driver and a truck becomes Assigned (shown in its Status field, which stays free to
 * change). Answers the fields to set.
 */
export function withAssignment(
  changed: Partial<LoadFormValues>,
  values: Pick<LoadFormValues, 'status' | 'assignedDriverId' | 'assignedTruckId'>,
  truckOfDriver: (driverId: string) => string | null | undefined,
): Partial<LoadFormValues> {
  const fill: Partial<LoadFormValues> = {};
  const truck = changed.assignedDriverId && !values.assignedTruckId ? truckOfDriver(changed.assignedDriverId) : undefined;
  if (truck) fill.assignedTruckId = truck;
  const assigning = 'assignedDriverId' in changed || 'assignedTruckId' in changed;
  if (assigning && values.status === 'pending' && values.assignedDriverId && (fill.assignedTruckId ?? values.assignedTruckId)) fill.status = 'assigned';
  return fill;
}
