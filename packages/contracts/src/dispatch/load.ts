import { z } from 'zod';
import {
  choice,
  dayNotBefore,
  INT4_RANGE,
  optionalFreeText,
  optionalInteger,
  optionalIntegerOrZero,
  optionalMoneyOrZero,
  optionalReference,
  optionalText,
  requiredDate,
  requiredMoney,
  requiredReference,
  requiredText,
  type IntegerRange,
  type RecordRules,
} from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { stopsInputSchema, type Stop } from './stop.js';

export const LOAD_STATUSES = ['pending', 'assigned', 'in-transit', 'delivered', 'invoiced'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
export const LOAD_STATUS_LABELS: Record<LoadStatus, string> = {
  pending: 'Pending',
  assigned: 'Assigned',
  'in-transit': 'In Transit',
  delivered: 'Delivered',
  invoiced: 'Invoiced',
};
export const DEFAULT_LOAD_STATUS: LoadStatus = 'pending';

export const LOAD_MESSAGES = {
  loadNumber: 'Load number is required',
  customerId: 'Customer is required',
  status: SHARED_MESSAGES.status,
  pickupLocation: 'Pickup location is required',
  pickupDate: 'Pickup date is required',
  deliveryLocation: 'Delivery location is required',
  deliveryDate: 'Delivery date is required',
  rate: 'Rate is required',
  weight: 'Weight must be a whole number',
  miles: 'Miles must be a whole number',
  customerNotFound: 'Customer not found',
  assignedDriverId: 'Assigned driver not found',
  assignedTruckId: SHARED_MESSAGES.assignedTruckNotFound,
  duplicateLoadNumber: 'A load with this load number already exists',
  deliveryBeforePickup: 'Delivery date must not be before pickup date',
} as const;

/** Pounds: nothing weighs less than nothing. */
export const LOAD_WEIGHT_RANGE: IntegerRange = { min: 0, max: INT4_RANGE.max };
/** Loaded miles, as a driver paid per mile is paid for them. */
export const LOAD_MILES_RANGE: IntegerRange = { min: 0, max: 100_000 };

/** What a create (and, field by field, an update) may carry: the form's fields. Money and dates travel as text. */
export const loadInputSchema = z.object({
  loadNumber: requiredText(LOAD_MESSAGES.loadNumber),
  customerId: requiredReference(LOAD_MESSAGES.customerId, LOAD_MESSAGES.customerNotFound),
  status: choice(LOAD_STATUSES, LOAD_MESSAGES.status),
  pickupLocation: requiredText(LOAD_MESSAGES.pickupLocation),
  pickupDate: requiredDate(LOAD_MESSAGES.pickupDate),
  deliveryLocation: requiredText(LOAD_MESSAGES.deliveryLocation),
  deliveryDate: requiredDate(LOAD_MESSAGES.deliveryDate),
  rate: requiredMoney(LOAD_MESSAGES.rate),
  assignedDriverId: optionalReference(LOAD_MESSAGES.assignedDriverId),
  assignedTruckId: optionalReference(LOAD_MESSAGES.assignedTruckId),
  expenses: optionalMoneyOrZero,
  weight: optionalIntegerOrZero(LOAD_MESSAGES.weight, LOAD_WEIGHT_RANGE),
  miles: optionalInteger(LOAD_MESSAGES.miles, LOAD_MILES_RANGE),
  commodity: optionalText,
  notes: optionalFreeText,
  /**
   * The load's stops in order (issue 42), the whole list, replacing the stored one: the spec's pickup and delivery
   * fields are then the first and last stop's. Left out, a create makes two stops of the spec's fields.
   */
  stops: stopsInputSchema.optional(),
});
/** Rules across a load's fields, checked by the form and by svc-core on every load written. */
export const LOAD_RULES: RecordRules = [dayNotBefore('deliveryDate', 'pickupDate', LOAD_MESSAGES.deliveryBeforePickup)];
export type LoadInput = z.input<typeof loadInputSchema>;
export type LoadFields = z.output<typeof loadInputSchema>;

export interface Load extends Omit<LoadFields, 'stops'> {
  id: string;
  /** How many stops the load has (the list's '+N stops'). */
  stopCount: number;
  /** Its stops as one readable line (stopsSummary): the CSV export's stops column. */
  stopsSummary: string;
  /** Its stops in order: answered by a load's own read and write, never by the list. */
  stops?: Stop[];
}

/** A load as its own read answers it (`GET /api/loads/{id}`). */
export interface LoadRead extends Load {
  /** When it was last given its truck while assigned or in transit: its truck's track is drawn from then. */
  assignedAt: string | null;
}

/**
 * `GET /api/loads/by-number?loadNumber=` (issue 47): the load with that number, if one has it: a document dropped on
 * the load dialog whose number is taken says so at once, with a link to that load, rather than failing at save.
 * svc-core answers it on `{root}.core.loads.by-number`.
 */
export const LOAD_BY_NUMBER_PATH = 'loads/by-number';
export const LOAD_BY_NUMBER_ACTION = 'by-number';
export const loadByNumberQuerySchema = z.object({ loadNumber: requiredText(LOAD_MESSAGES.loadNumber) });
export const loadByNumberSchema = z.object({
  load: z.object({ id: z.string(), loadNumber: z.string(), status: z.enum(LOAD_STATUSES) }).nullable(),
});
export type LoadByNumber = z.infer<typeof loadByNumberSchema>;

/** The statuses of a load whose driver is paid for it: delivered, and invoiced after. */
export const PAYABLE_LOAD_STATUSES: readonly LoadStatus[] = ['delivered', 'invoiced'];

/** svc-core's actions on `{root}.core.loads.{action}` for accounting (issue 26), beside the CRUD ones. */
export const LOAD_ACCOUNTING_ACTIONS = {
  /** `{ id }`: a delivered load becomes invoiced (audited, announced as load.updated); any other is answered as it is. */
  markInvoiced: 'mark-invoiced',
  /** PayableLoadsPayload → LoadSummaryPage: a driver's delivered or invoiced loads delivered within a period. */
  payable: 'payable',
  /** `{ ids }` → LoadSummary[]: those loads (a settlement's), in delivery order. */
  summaries: 'summaries',
} as const;

/** `payable`'s payload, as svc-core checks it (it reaches SQL). */
export const payableLoadsPayloadSchema = z.object({
  driverId: z.uuid(),
  /** Days 'YYYY-MM-DD', both included. */
  periodStart: requiredDate(LOAD_MESSAGES.deliveryDate),
  periodEnd: requiredDate(LOAD_MESSAGES.deliveryDate),
  /** The `next` of the previous page: its last load's delivery date and id. */
  after: z.string().regex(/^\d{4}-\d{2}-\d{2}\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/).optional(),
});
export type PayableLoadsPayload = z.input<typeof payableLoadsPayloadSchema>;

/** What a settlement needs of a load. */
export const loadSummarySchema = z.object({
  id: z.string(),
  loadNumber: z.string(),
  pickupLocation: z.string(),
  deliveryLocation: z.string(),
  deliveryDate: z.string(),
  rate: z.string(),
  miles: z.number().int().nullable(),
  /** How many stops it has (issue 42): the driver's statement shows the route first to last with it. */
  stopCount: z.number().int(),
});
export type LoadSummary = z.infer<typeof loadSummarySchema>;

export interface LoadSummaryPage {
  loads: LoadSummary[];
  next: string | null;
}
