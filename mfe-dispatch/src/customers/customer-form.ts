import { CHARGE_TERM_FIELDS, DEFAULT_CUSTOMER_TYPE, DEFAULT_INVOICING, type ChargeTermField, type Customer, type CustomerInput } from '@tms/contracts';
import { resourceTexts } from '@tms/ui';

/** What the Customer Management screen and its dialog say (spec 2.4, 2.8 and 8). */
export const customerTexts = resourceTexts({ one: 'customer', many: 'customers', title: 'Customer' });

/** The customer dialog's fields as the inputs hold them. */
export interface CustomerFormValues extends Partial<Record<ChargeTermField, string | number | null>> {
  name: string;
  email: string;
  phone: string;
  address: string;
  type: string;
  /** Issue 45: 'direct' or 'factored'. */
  invoicing: string;
  /** Issue 46: where 'Send Invoice' sends its invoices (optional). */
  billingEmail: string;
  /** Issue 47: its MC number (optional), by which a dropped document's sender is matched to it. */
  mcNumber: string;
  // And its own charge terms (issue 43): money and hours as text, the increment a whole number; empty is the company's.
}

/** The dialog's starting values: the customer being edited, or an empty shipper (spec 4). */
export function customerFormValues(customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address: customer?.address ?? '',
    type: customer?.type ?? DEFAULT_CUSTOMER_TYPE,
    invoicing: customer?.invoicing ?? DEFAULT_INVOICING,
    billingEmail: customer?.billingEmail ?? '',
    mcNumber: customer?.mcNumber ?? '',
    ...Object.fromEntries(CHARGE_TERM_FIELDS.map((field) => [field, customer?.[field] ?? null])),
  };
}

/** The body of POST/PATCH /api/customers: every field is required but the billing e-mail, the MC number and the charge terms (empty: the company's). */
export function customerPayload(values: CustomerFormValues): CustomerInput {
  return {
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    address: values.address ?? '',
    type: values.type as CustomerInput['type'],
    invoicing: (values.invoicing || DEFAULT_INVOICING) as CustomerInput['invoicing'],
    billingEmail: values.billingEmail ?? '',
    mcNumber: values.mcNumber ?? '',
    ...(Object.fromEntries(CHARGE_TERM_FIELDS.map((field) => [field, values[field] ?? null])) as Pick<CustomerInput, ChargeTermField>),
  };
}
