import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../fields.js';
import { formatDollars } from '../money.js';

/**
 * Issue 46, point 5: an invoice sent by e-mail to its customer's billing address, with its PDF and its packet, from
 * the company's e-mail, through the SMTP server in SMTP_URL. `GET /api/invoices/{id}/email` answers what would be
 * sent; `POST` sends it.
 */
export const INVOICE_EMAIL_ACTIONS = { draft: 'email-draft', send: 'email' } as const;

/**
 * How long a sending may take the gateway's caller: the packet (its documents read and copied, up to 30 s on a busy
 * machine) and the SMTP exchange (each wait bounded by svc-accounting's mailer, 40 s in all).
 */
export const INVOICE_EMAIL_TIMEOUT_MS = 75_000;

/** Recipients in one sending: enough for a customer's AP desk and a copy, few enough to stop a slip. */
export const INVOICE_EMAIL_MAX_RECIPIENTS = 5;

export const INVOICE_EMAIL_MESSAGES = {
  to: 'Enter at least one e-mail address',
  toInvalid: (address: string) => `'${address}' is not an e-mail address`,
  tooMany: `Send to at most ${INVOICE_EMAIL_MAX_RECIPIENTS} addresses at once`,
  notSetUp: 'E-mail is not set up: set SMTP_URL for svc-accounting (README: Configuration), then send again.',
  noCompanyEmail: "The company has no e-mail to send from: add it under Settings, Company Profile, then send again.",
  cancelled: 'A cancelled invoice is not sent.',
  failed: (reason: string) => `The invoice could not be sent: ${reason}`,
} as const;

const address = z.string().trim().max(EMAIL_MAX_LENGTH);
/** `POST /api/invoices/{id}/email`: to whom (each checked, and named when it is not an address; one may come bare). */
export const invoiceEmailInputSchema = z.object({
  to: z.preprocess(
    (to) => (typeof to === 'string' ? [to] : to),
    z
      .array(address, { error: INVOICE_EMAIL_MESSAGES.to })
      .min(1, INVOICE_EMAIL_MESSAGES.to)
      .max(INVOICE_EMAIL_MAX_RECIPIENTS, INVOICE_EMAIL_MESSAGES.tooMany)
      .superRefine((addresses, context) => {
        for (const each of addresses) if (!z.email().safeParse(each).success) context.addIssue({ code: 'custom', message: INVOICE_EMAIL_MESSAGES.toInvalid(each) });
      }),
  ),
});
export type InvoiceEmailInput = z.input<typeof invoiceEmailInputSchema>;

/** What 'Send Invoice' shows before sending, and what a sending answers. */
export const invoiceEmailSchema = z.object({
  /** False without SMTP_URL: the dialog says e-mail is not set up, and nothing can be sent. */
  configured: z.boolean(),
  from: z.string().describe("The company's e-mail ('' when the profile has none)"),
  to: z.array(z.string()).describe("The customer's billing e-mail, else its e-mail"),
  subject: z.string(),
  attachments: z.array(z.string()),
  /** Why it cannot be sent as it is (no SMTP_URL, no company e-mail, a cancelled invoice); null when it can. */
  problem: z.string().nullable(),
});
export type InvoiceEmail = z.output<typeof invoiceEmailSchema>;

export const invoiceEmailSentSchema = z.object({ to: z.array(z.string()), at: z.string(), status: z.string().describe("The invoice's status after: a draft becomes 'sent'") });
export type InvoiceEmailSent = z.output<typeof invoiceEmailSentSchema>;

/** The message's subject and text, from what the invoice and the company say. */
export function invoiceEmailSubject(invoiceNumber: string, loadNumber: string, companyName: string): string {
  return `Invoice ${invoiceNumber} for load ${loadNumber} from ${companyName}`;
}

export function invoiceEmailText(facts: { invoiceNumber: string; loadNumber: string; total: string; balance: string; dueDate: string; companyName: string; companyPhone: string }): string {
  const balance = facts.balance === facts.total ? '' : ` (balance due ${formatDollars(facts.balance)})`;
  return [
    'Hello,',
    '',
    `Please find attached invoice ${facts.invoiceNumber} for load ${facts.loadNumber}: ${formatDollars(facts.total)}${balance}, due ${facts.dueDate}.`,
    'The invoice and its paperwork are attached as PDFs.',
    '',
    'Thank you,',
    facts.companyName,
    ...(facts.companyPhone ? [facts.companyPhone] : []),
  ].join('\n');
}
