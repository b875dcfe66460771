import { z } from 'zod';
import { choice, requiredEmail, requiredLinesText, requiredText } from '../fields.js';
import { SHARED_MESSAGES } from '../messages.js';
import { customerChargeTermsFields } from './charge-terms.js';
import { INVOICING_OPTIONS } from '../accounting/factoring.js';
import { blankableEmail, blankableMcNumber } from '../accounting/company.js';

export const CUSTOMER_TYPES = ['shipper', 'receiver'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  shipper: 'Shipper',
  receiver: 'Receiver',
};
export const DEFAULT_CUSTOMER_TYPE: CustomerType = 'shipper';

export const CUSTOMER_MESSAGES = {
  name: SHARED_MESSAGES.name,
  email: SHARED_MESSAGES.email,
  phone: SHARED_MESSAGES.phone,
  address: 'Address is required',
  type: SHARED_MESSAGES.type,
  invoicing: "Invoicing must be 'direct' or 'factored'",
  mcNumber: 'MC number must be digits, like MC-123456',
  /** Why a customer its loads still use cannot be deleted. */
  hasLoads: (count: number) =>
    count === 1
      ? 'This customer has 1 load. Delete it or move it to another customer first.'
      : `This customer has ${count} loads. Delete them or move them to another customer first.`,
  /** The same, when the database rather than the count found them (a load saved meanwhile). */
  stillHasLoads: 'This customer still has loads. Delete them or move them to another customer first.',
} as const;

export const customerInputSchema = z.object({
  name: requiredText(CUSTOMER_MESSAGES.name),
  email: requiredEmail(CUSTOMER_MESSAGES.email),
  phone: requiredText(CUSTOMER_MESSAGES.phone),
  address: requiredLinesText(CUSTOMER_MESSAGES.address),
  type: choice(CUSTOMER_TYPES, CUSTOMER_MESSAGES.type),
  // Issue 43: its own charge terms, each optional (empty is the company's).
  ...customerChargeTermsFields,
  // Issue 45: its invoices billed direct, or sold to the factor (Settings' Factoring).
  invoicing: choice(INVOICING_OPTIONS, CUSTOMER_MESSAGES.invoicing).optional(), // left out: 'direct' (DEFAULT_INVOICING), kept on an update
  // Issue 46: where 'Send Invoice' sends its invoices ('' or left out: none yet; the dialog offers the customer's e-mail).
  billingEmail: blankableEmail(CUSTOMER_MESSAGES.email),
  // Issue 47: a broker's FMCSA docket number ('' or left out: none), by which a dropped document's sender is known.
  mcNumber: blankableMcNumber(CUSTOMER_MESSAGES.mcNumber),
});
export type CustomerInput = z.input<typeof customerInputSchema>;
export type CustomerFields = z.output<typeof customerInputSchema>;

export interface Customer extends CustomerFields {
  id: string;
}
