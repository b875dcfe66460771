import {
  appointmentText,
  centsToMoney,
  companyTime,
  formatDollars,
  invoiceBalance,
  invoiceLineQuantityText,
  invoiceLineText,
  parseCents,
  STOP_TIME_SOURCE_LABELS,
  STOP_TYPE_LABELS,
  sumMoney,
  type Invoice,
  type InvoiceBillTo,
  type InvoiceIssuer,
  type InvoiceLine,
  type Load,
  type Stop,
} from '@tms/contracts';
import { companyTimeZone } from '@tms/service-kit';
import { PAGE, PdfSheet } from './pdf-sheet.js';

/** What an invoice prints: the invoice, whom it bills and who issues it (as it keeps them), and its load (svc-core's). */
export interface InvoiceFacts {
  invoice: Invoice;
  billTo: InvoiceBillTo;
  issuer: InvoiceIssuer;
  load: Load;
  /** Issue 45: the factor an invoice of a factored customer is sold to: its remit-to, and its notice in a box on page one. */
  factor?: { name: string; remitTo: string; noticeText: string } | null;
}

/** 'YYYY-MM-DD' as US paperwork writes a day: 03/08/2027. */
export const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** Whole days from one day to another ('Net 30'). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const RIGHT = PAGE.width - 2 * PAGE.margin;
/** Times on paper are the company's (COMPANY_TIME_ZONE), as its days are. */
const TIME_ZONE = companyTimeZone();

/** '2027-03-05 08:00' (the company's clock) as US paperwork writes it: 03/05/2027 08:00. */
export const usTime = (at: string) => {
  const time = companyTime(at, TIME_ZONE);
  return `${usDate(time.slice(0, 10))} ${time.slice(11)}`;
};

/** Each stop in order: its place and appointment, then when the truck arrived and left and who said so. */
function writeStops(sheet: PdfSheet, stops: readonly Stop[]) {
  sheet.label(`Stops (${stops.length})`);
  for (const stop of stops) {
    const appointment = appointmentText(stop, TIME_ZONE).replace(/(\d{4})-(\d{2})-(\d{2})/g, '$2/$3/$1');
    sheet.row([
      { text: `${stop.sequence}. ${STOP_TYPE_LABELS[stop.type]}`, x: 0, bold: true },
      { text: [stop.location, stop.facility].filter(Boolean).join(', '), x: 80 },
      { text: appointment ? `Appt ${appointment}` : 'No appointment', x: 330 },
    ]);
    const happened = [
      stop.reference && `Ref ${stop.reference}`,
      `Arrived ${stop.arrivedAt ? `${usTime(stop.arrivedAt)} (${STOP_TIME_SOURCE_LABELS[stop.arrivedSource ?? 'dispatcher']})` : '-'}`,
      `Departed ${stop.departedAt ? `${usTime(stop.departedAt)} (${STOP_TIME_SOURCE_LABELS[stop.departedSource ?? 'dispatcher']})` : '-'}`,
    ].filter(Boolean);
    sheet.row([{ text: happened.join('    '), x: 80 }], 9);
  }
}

/**
 * Issue 43: each line the invoice keeps (the line haul, then each approved charge), with its quantity and rate; an
 * invoice whose subtotal was typed other than their sum shows the difference as an adjustment, so the page adds up.
 */
function writeLines(sheet: PdfSheet, lines: readonly InvoiceLine[], subtotal: string) {
  for (const line of lines) {
    sheet.row([
      { text: invoiceLineText(line), x: 0, width: 270, align: 'left' },
      { text: invoiceLineQuantityText(line), x: 276, width: 100, align: 'left' },
      { text: formatDollars(line.amount), x: 380, width: RIGHT - 380 },
    ]);
  }
  const difference = parseCents(subtotal)! - parseCents(sumMoney(lines.map((line) => line.amount)))!;
  if (difference !== 0n) sheet.row([{ text: 'Adjustment', x: 0, width: 370, align: 'left' }, { text: formatDollars(centsToMoney(difference)), x: 380, width: RIGHT - 380 }]);
}

/** The width of the company's block, left of the document's own facts (from 280 points). */
const COMPANY_WIDTH = 270;

/** The company's block: name, address, phone and e-mail, MC and USDOT numbers, each wrapped within its width. */
export function writeCompany(sheet: PdfSheet, company: Omit<InvoiceIssuer, 'remitTo' | 'invoiceNotes'>) {
  sheet.paragraph(company.name || 'Company name not set (Settings)', { width: COMPANY_WIDTH, size: 15, bold: true });
  sheet.paragraph(company.address, { width: COMPANY_WIDTH });
  const contact = [company.phone, company.email].filter(Boolean).join('   ');
  if (contact) sheet.paragraph(contact, { width: COMPANY_WIDTH, size: 9 });
  const numbers = [company.mcNumber && `MC ${company.mcNumber.replace(/^MC[- ]?/i, '')}`, company.dotNumber && `USDOT ${company.dotNumber}`].filter(Boolean).join('   ');
  if (numbers) sheet.paragraph(numbers, { width: COMPANY_WIDTH, size: 9 });
}

/**
 * A freight bill with what 49 CFR 373.103 asks of one: the carrier (name, address, MC and USDOT numbers), the
 * customer billed, the invoice's number, dates and terms, the shipment (load number, origin and destination with
 * their dates, commodity and weight; every stop with its appointment and times), the charges (subtotal, tax, total, paid, balance due), where to remit, and the
 * carrier's note.
 */
export function writeInvoice(sheet: PdfSheet, { issuer: company, invoice, load, billTo, factor }: InvoiceFacts) {
  const top = sheet.cursor;
  writeCompany(sheet, company);
  const below = sheet.cursor;
  sheet.cursor = top;
  sheet.row([{ text: 'INVOICE', x: 330, width: RIGHT - 330, bold: true }], 20);
  const terms = daysBetween(invoice.invoiceDate, invoice.dueDate);
  for (const [label, value] of [
    ['Invoice Number', invoice.invoiceNumber],
    ['Invoice Date', usDate(invoice.invoiceDate)],
    ['Due Date', usDate(invoice.dueDate)],
    ['Terms', terms > 0 ? `Net ${terms}` : 'Due on receipt'],
    ['Load Number', load.loadNumber],
  ]) {
    sheet.row([{ text: label, x: 330, bold: true }, { text: value, x: 420, width: RIGHT - 420 }], 10);
  }
  sheet.cursor = Math.min(below, sheet.cursor);
  sheet.space(12);

  sheet.label('Bill To');
  sheet.row([{ text: billTo.name, x: 0, bold: true }], 11);
  sheet.paragraph(billTo.address, { width: 300 });
  sheet.space(10);
  if (factor?.noticeText) {
    sheet.boxed(factor.noticeText);
    sheet.space(10);
  }

  sheet.label('Shipment');
  sheet.row([{ text: 'Pickup', x: 0, bold: true }, { text: load.pickupLocation, x: 80 }, { text: usDate(load.pickupDate), x: 380, width: RIGHT - 380 }]);
  sheet.row([{ text: 'Delivery', x: 0, bold: true }, { text: load.deliveryLocation, x: 80 }, { text: usDate(load.deliveryDate), x: 380, width: RIGHT - 380 }]);
  sheet.row([{ text: 'Commodity', x: 0, bold: true }, { text: load.commodity ?? '-', x: 80 }]);
  sheet.row([{ text: 'Weight', x: 0, bold: true }, { text: `${load.weight.toLocaleString('en-US')} lbs`, x: 80 }]);
  if (load.miles !== null && load.miles !== undefined) sheet.row([{ text: 'Miles', x: 0, bold: true }, { text: load.miles.toLocaleString('en-US'), x: 80 }]);
  sheet.space(10);
  if (load.stops?.length) {
    writeStops(sheet, load.stops);
    sheet.space(10);
  }

  sheet.label('Charges');
  sheet.row([{ text: 'Description', x: 0, bold: true }, { text: 'Amount', x: 380, width: RIGHT - 380, bold: true }]);
  sheet.rule();
  if (invoice.lines?.length) writeLines(sheet, invoice.lines, invoice.subtotal);
  else {
    sheet.row([
      { text: `Freight charges, load ${load.loadNumber}: ${load.pickupLocation} to ${load.deliveryLocation}`, x: 0, width: 370, align: 'left' },
      { text: formatDollars(invoice.subtotal), x: 380, width: RIGHT - 380 },
    ]);
  }
  sheet.rule();
  const balance = invoiceBalance(invoice.total, invoice.paidAmount);
  for (const [label, amount, bold] of [
    ['Subtotal', invoice.subtotal, false],
    ['Tax', invoice.tax, false],
    ['Total', invoice.total, true],
    ['Amount Paid', invoice.paidAmount, false],
    ['Balance Due', balance, true],
  ] as const) {
    sheet.row([{ text: label, x: 280, bold }, { text: formatDollars(amount), x: 380, width: RIGHT - 380, bold }], bold ? 11 : 10);
  }
  sheet.space(14);

  sheet.label('Remit To');
  if (factor) {
    sheet.row([{ text: factor.name, x: 0, bold: true }]);
    sheet.paragraph(factor.remitTo, { width: 300 });
  } else writeCompanyRemitTo(sheet, company);
  if (company.invoiceNotes) {
    sheet.space(10);
    sheet.label('Notes');
    sheet.paragraph(company.invoiceNotes);
  }
  if (invoice.notes) {
    sheet.space(6);
    sheet.paragraph(invoice.notes);
  }
}

/** The carrier as the payee: its remit-to (or address), named unless the remit-to names it first. */
function writeCompanyRemitTo(sheet: PdfSheet, company: InvoiceIssuer) {
  const remitTo = company.remitTo || company.address;
  // A remit-to written with the payee first ('Northstar Freight Lines, Inc.\nPO Box ...') names the company itself.
  const firstLine = remitTo.split('\n', 1)[0].trim().toLowerCase();
  if (firstLine !== company.name.trim().toLowerCase()) sheet.row([{ text: company.name, x: 0, bold: true }]);
  sheet.paragraph(remitTo, { width: 300 });
}

/** A sheet with the invoice written on it (its pages numbered under `footer`), for more to follow (a packet). */
export async function invoicePdfSheet(facts: InvoiceFacts, title = `Invoice ${facts.invoice.invoiceNumber}`): Promise<PdfSheet> {
  const sheet = await PdfSheet.create(title, `Invoice ${facts.invoice.invoiceNumber}`);
  writeInvoice(sheet, facts);
  return sheet;
}

/** The invoice alone, as GET /api/invoices/{id}/pdf answers it. */
export async function invoicePdf(facts: InvoiceFacts): Promise<Uint8Array> {
  return (await invoicePdfSheet(facts)).save();
}
