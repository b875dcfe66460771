import type { CompanyProfile, Customer, InvoiceBillTo, InvoiceIssuer } from '@tms/contracts';

/** Whom an invoice bills, from svc-core's customer as it is now. */
export const billToOf = ({ name, address }: Customer): InvoiceBillTo => ({ name, address });

/** The carrier as an invoice keeps it, from the company profile as it is now (all it prints of it). */
export const issuerOf = ({ name, address, phone, email, mcNumber, dotNumber, remitTo, invoiceNotes }: CompanyProfile): InvoiceIssuer => ({
  name, address, phone, email, mcNumber, dotNumber, remitTo, invoiceNotes,
});
