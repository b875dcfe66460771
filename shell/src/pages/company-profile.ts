import { COMPANY_RESOURCE, type CompanyProfile, type CompanyProfileInput } from '@tms/contracts';

/** The carrier's company profile (issue 26): GET and PUT /api/company. */
export const COMPANY_PROFILE_URL = `/api/${COMPANY_RESOURCE}`;

/** The card's fields in order, with their labels. */
export const COMPANY_PROFILE_LABELS: Record<keyof CompanyProfile, string> = {
  name: 'Legal Name',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  mcNumber: 'MC Number',
  dotNumber: 'USDOT Number',
  remitTo: 'Remit-To Address',
  paymentTermsDays: 'Payment Terms (days)',
  invoiceNotes: 'Invoice Note',
  showPayToDrivers: 'Show pay to drivers',
};

export const COMPANY_PROFILE_TEXTS = {
  title: 'Company Profile',
  intro: 'Printed on invoices, packets and driver statements.',
  remitToPlaceholder: 'Same as the address',
  save: 'Save Profile',
  saved: 'Company profile saved',
  saveFailed: 'Failed to save the company profile. Please try again.',
  loadFailed: 'Could not load the company profile',
  showPayToDriversHelp: "The driver app shows a load's rate and the driver's pay.",
} as const;

/** The form's values: texts as typed, the terms as the number input holds them (null when cleared). */
export type CompanyProfileFormValues = Omit<CompanyProfile, 'paymentTermsDays'> & { paymentTermsDays: number | null };

/** The form filled from the saved profile (missing texts as empty inputs). */
export function companyProfileFormValues(profile: Partial<CompanyProfile>): CompanyProfileFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(profile.name),
    address: text(profile.address),
    phone: text(profile.phone),
    email: text(profile.email),
    mcNumber: text(profile.mcNumber),
    dotNumber: text(profile.dotNumber),
    remitTo: text(profile.remitTo),
    paymentTermsDays: profile.paymentTermsDays ?? null,
    invoiceNotes: text(profile.invoiceNotes),
    showPayToDrivers: profile.showPayToDrivers ?? false,
  };
}

/**
 * PUT /api/company's body: every text trimmed; the server checks them (contracts' companyProfileSchema) and answers
 * field messages for bad ones. Cleared terms are the default terms.
 */
export function companyProfilePayload(values: CompanyProfileFormValues): CompanyProfileInput {
  const text = (value: string | null | undefined) => (value ?? '').trim();
  return {
    name: text(values.name),
    address: text(values.address),
    phone: text(values.phone),
    email: text(values.email),
    mcNumber: text(values.mcNumber),
    dotNumber: text(values.dotNumber),
    remitTo: text(values.remitTo),
    paymentTermsDays: values.paymentTermsDays ?? null,
    invoiceNotes: text(values.invoiceNotes),
    showPayToDrivers: values.showPayToDrivers === true,
  };
}
