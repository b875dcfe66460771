import {
  CHARGE_CODE_LABELS,
  CHARGE_CODES,
  CHARGE_DEFAULT_UNITS,
  CHARGE_TERMS_LABELS,
  CHARGE_UNIT_LABELS,
  CHARGE_UNITS,
  type Charge,
  type ChargeCode,
  type ChargeInput,
  type ChargeTerms,
} from '@tms/contracts';

/** What the Charges drawer and its line dialog say (issue 43). */
export const CHARGE_TEXTS = {
  menu: 'Charges',
  drawerTitle: (loadNumber: string) => `Charges: ${loadNumber}`,
  lines: 'Charge lines',
  noLines: 'No charges yet',
  add: 'Add Charge',
  addTitle: 'Add Charge',
  editTitle: 'Edit Charge',
  approve: 'Approve',
  deny: 'Deny',
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirm: 'Are you sure you want to delete this charge?',
  save: 'Save',
  cancel: 'Cancel',
  approvedTotal: 'Approved and billable',
  waiting: (count: number) => (count === 1 ? '1 charge waits for approval' : `${count} charges wait for approval`),
  terms: 'Terms that apply',
  fromCustomer: (name: string) => `${name}'s own`,
  fromCompany: "Company's",
  noCap: 'No cap',
  notSet: 'Not set',
  clocks: 'Detention clock by stop',
  drafted: 'Drafted',
  failed: 'Failed to save the charge',
  rateFromTerms: 'Empty: the rate the terms give',
  billable: 'Billable to the customer',
  payableToDriver: 'Payable to the driver',
  reimbursable: 'Reimbursable (the driver paid it)',
} as const;

export const CHARGE_CODE_OPTIONS = CHARGE_CODES.map((code) => ({ value: code, label: CHARGE_CODE_LABELS[code] }));
export const CHARGE_UNIT_OPTIONS = CHARGE_UNITS.map((unit) => ({ value: unit, label: CHARGE_UNIT_LABELS[unit] }));

/** The line dialog's fields as the inputs hold them. */
export interface ChargeFormValues {
  code: ChargeCode;
  description: string;
  quantity: string;
  unit: string;
  rate: string | null;
  billable: boolean;
  payableToDriver: boolean;
  reimbursable: boolean;
  status: string;
  stopId: string | null;
}

/** A new line (a lumper at the first stop is the most common) or the line being edited. */
export function chargeFormValues(line: Charge | null): ChargeFormValues {
  return {
    code: line?.code ?? 'LUMPER',
    description: line?.description ?? '',
    quantity: line?.quantity ?? '1',
    unit: line?.unit ?? CHARGE_DEFAULT_UNITS.LUMPER,
    rate: line?.rate ?? null,
    billable: line?.billable ?? true,
    payableToDriver: line?.payableToDriver ?? false,
    reimbursable: line?.reimbursable ?? false,
    status: line?.status ?? 'requested',
    stopId: line?.stopId ?? null,
  };
}

/** The body of POST/PATCH: a rate left empty on a new line is the terms' (the server fills it). */
export function chargePayload(values: ChargeFormValues, isNew: boolean): Partial<ChargeInput> {
  const rate = values.rate === null || values.rate === '' ? undefined : String(values.rate);
  return {
    code: values.code,
    description: values.description ?? '',
    quantity: String(values.quantity ?? ''),
    unit: values.unit as ChargeInput['unit'],
    ...(rate !== undefined || !isNew ? { rate: rate ?? '' } : {}),
    billable: values.billable,
    payableToDriver: values.payableToDriver,
    reimbursable: values.reimbursable,
    status: values.status as ChargeInput['status'],
    stopId: values.stopId ?? null,
  };
}

/** Each term as the drawer shows it: its label and value ('2 h', '$40.00', 'No cap'). */
export function termLines(terms: ChargeTerms, dollars: (amount: string) => string): { field: keyof ChargeTerms; label: string; value: string }[] {
  const hours = (text: string | null) => (text === null ? CHARGE_TEXTS.noCap : `${text.replace(/\.00$/, '')} h`);
  const money = (text: string | null) => (text === null ? CHARGE_TEXTS.notSet : dollars(text));
  return [
    { field: 'detentionFreeHours', label: CHARGE_TERMS_LABELS.detentionFreeHours, value: hours(terms.detentionFreeHours) },
    { field: 'detentionRatePerHour', label: CHARGE_TERMS_LABELS.detentionRatePerHour, value: money(terms.detentionRatePerHour) },
    { field: 'detentionCapHours', label: CHARGE_TERMS_LABELS.detentionCapHours, value: hours(terms.detentionCapHours) },
    { field: 'billingIncrementMinutes', label: CHARGE_TERMS_LABELS.billingIncrementMinutes, value: `${terms.billingIncrementMinutes} min` },
    { field: 'layoverPerDay', label: CHARGE_TERMS_LABELS.layoverPerDay, value: money(terms.layoverPerDay) },
    { field: 'tonuFlat', label: CHARGE_TERMS_LABELS.tonuFlat, value: money(terms.tonuFlat) },
    { field: 'stopOffPerStop', label: CHARGE_TERMS_LABELS.stopOffPerStop, value: money(terms.stopOffPerStop) },
    { field: 'fuelSurchargePerMile', label: CHARGE_TERMS_LABELS.fuelSurchargePerMile, value: money(terms.fuelSurchargePerMile) },
  ];
}
