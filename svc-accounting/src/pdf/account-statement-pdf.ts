import { formatDollars, type InvoiceBillTo, type InvoiceIssuer } from '@tms/contracts';
import { PAGE, PdfSheet } from './pdf-sheet.js';
import { usDate, writeCompany } from './invoice-pdf.js';

/** What a customer's statement of account prints (issue 46): the carrier, the customer, their open invoices and payments. */
export interface AccountStatementFacts {
  company: InvoiceIssuer;
  customer: InvoiceBillTo;
  from: string;
  to: string;
  invoices: { invoiceNumber: string; invoiceDate: string; dueDate: string; daysPastDue: number; total: string; balance: string }[];
  payments: { paymentDate: string; invoiceNumber: string; paymentMethod: string; referenceNumber: string | null; amount: string }[];
  /** What they owe as of `to`: the open invoices' balances. */
  balance: string;
  /** What their remittances left unapplied by `to`. */
  credit: string;
}

const RIGHT = PAGE.width - 2 * PAGE.margin;
const INVOICE_COLUMNS = { number: 0, date: 120, due: 200, days: 280, total: 350, balance: 430 } as const;
const PAYMENT_COLUMNS = { date: 0, number: 80, method: 200, reference: 280, amount: 430 } as const;

function invoiceRow(sheet: PdfSheet, [number, date, due, days, total, balance]: string[], bold = false) {
  const c = INVOICE_COLUMNS;
  sheet.row(
    [
      { text: number, x: c.number, width: c.date - 6, align: 'left', bold },
      { text: date, x: c.date, bold },
      { text: due, x: c.due, bold },
      { text: days, x: c.days, width: c.total - c.days - 10, bold },
      { text: total, x: c.total, width: c.balance - c.total - 4, bold },
      { text: balance, x: c.balance, width: RIGHT - c.balance, bold },
    ],
    9,
  );
}

function paymentRow(sheet: PdfSheet, [date, number, method, reference, amount]: string[], bold = false) {
  const c = PAYMENT_COLUMNS;
  sheet.row(
    [
      { text: date, x: c.date, bold },
      { text: number, x: c.number, width: c.method - c.number - 6, align: 'left', bold },
      { text: method, x: c.method, bold },
      { text: reference, x: c.reference, width: c.amount - c.reference - 10, align: 'left', bold },
      { text: amount, x: c.amount, width: RIGHT - c.amount, bold },
    ],
    9,
  );
}

/** A customer's statement of account: what is open as of the day, what they paid in the period, and what they owe. */
export async function accountStatementPdf(facts: AccountStatementFacts): Promise<Uint8Array> {
  const sheet = await PdfSheet.create(`Statement of account, ${facts.customer.name}`, `Statement of account, ${facts.customer.name}, ${usDate(facts.to)}`);
  const top = sheet.cursor;
  writeCompany(sheet, facts.company);
  const below = sheet.cursor;
  sheet.cursor = top;
  sheet.row([{ text: 'STATEMENT OF ACCOUNT', x: 280, width: RIGHT - 280, bold: true }], 16);
  for (const [label, value] of [
    ['Statement Date', usDate(facts.to)],
    ['Period', `${usDate(facts.from)} - ${usDate(facts.to)}`],
    ['Balance Due', formatDollars(facts.balance)],
  ]) {
    sheet.row([{ text: label, x: 300, bold: true }, { text: value, x: 400, width: RIGHT - 400 }], 10);
  }
  sheet.cursor = Math.min(below, sheet.cursor);
  sheet.space(12);

  sheet.label('Customer');
  sheet.row([{ text: facts.customer.name, x: 0, bold: true }], 11);
  if (facts.customer.address) sheet.paragraph(facts.customer.address, { size: 9 });
  sheet.space(10);

  sheet.label(`Open invoices as of ${usDate(facts.to)}`);
  invoiceRow(sheet, ['Invoice', 'Invoice Date', 'Due Date', 'Days Past Due', 'Total', 'Balance'], true);
  sheet.rule();
  for (const invoice of facts.invoices) {
    invoiceRow(sheet, [invoice.invoiceNumber, usDate(invoice.invoiceDate), usDate(invoice.dueDate), invoice.daysPastDue > 0 ? String(invoice.daysPastDue) : 'Current', formatDollars(invoice.total), formatDollars(invoice.balance)]);
  }
  if (!facts.invoices.length) sheet.row([{ text: 'No open invoices.', x: 0 }], 9);
  sheet.rule();
  sheet.space(10);

  sheet.label(`Payments received ${usDate(facts.from)} - ${usDate(facts.to)}`);
  paymentRow(sheet, ['Date', 'Invoice', 'Method', 'Reference', 'Amount'], true);
  sheet.rule();
  for (const payment of facts.payments) {
    paymentRow(sheet, [usDate(payment.paymentDate), payment.invoiceNumber, payment.paymentMethod, payment.referenceNumber ?? '', formatDollars(payment.amount)]);
  }
  if (!facts.payments.length) sheet.row([{ text: 'No payments in this period.', x: 0 }], 9);
  sheet.rule();
  sheet.space(6);
  for (const [label, value, bold] of [
    ['Balance Due', formatDollars(facts.balance), true],
    ['Credit on Account', formatDollars(facts.credit), false],
  ] as const) {
    sheet.row([{ text: label, x: 300, bold }, { text: value, x: 400, width: RIGHT - 400, bold }], bold ? 11 : 10);
  }
  return sheet.save();
}
