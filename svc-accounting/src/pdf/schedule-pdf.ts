import { formatDollars, type InvoiceIssuer } from '@tms/contracts';
import type { FactoringScheduleEntity } from '../factoring/factoring-schedule.entity.js';
import { usDate, writeCompany } from './invoice-pdf.js';
import { PAGE, PdfSheet } from './pdf-sheet.js';

const RIGHT = PAGE.width - 2 * PAGE.margin;

/** The line the carrier signs under: what a factor asks of a schedule of accounts. */
export const scheduleCertification = (issuer: Pick<InvoiceIssuer, 'name'>, factor: string) =>
  `${issuer.name || 'The carrier'} certifies that the accounts listed above are bona fide, for freight delivered as invoiced, ` +
  `free of any claim or offset, and are assigned and sold to ${factor}.`;

/**
 * Issue 45: a schedule of accounts, in the invoice's style: the carrier (name, MC and USDOT), the factor and the
 * client number, the schedule's number and date, a row per invoice (debtor, invoice number and date, load number,
 * amount), the total, and the certification line with room to sign.
 */
export async function schedulePdf(schedule: Pick<FactoringScheduleEntity, 'scheduleNumber' | 'scheduleDate' | 'total' | 'rows' | 'factor' | 'issuer'>): Promise<Uint8Array> {
  const sheet = await PdfSheet.create(`Schedule of Accounts ${schedule.scheduleNumber}`, `Schedule ${schedule.scheduleNumber}`);
  const top = sheet.cursor;
  writeCompany(sheet, schedule.issuer);
  const below = sheet.cursor;
  sheet.cursor = top;
  sheet.row([{ text: 'SCHEDULE OF ACCOUNTS', x: 300, width: RIGHT - 300, bold: true }], 16);
  for (const [label, value] of [
    ['Schedule Number', schedule.scheduleNumber],
    ['Schedule Date', usDate(schedule.scheduleDate)],
    ['Factor', schedule.factor.name],
    ['Client Number', schedule.factor.clientNumber || '-'],
  ]) {
    sheet.row([{ text: label, x: 300, bold: true }, { text: value, x: 400, width: RIGHT - 400 }], 10);
  }
  sheet.cursor = Math.min(below, sheet.cursor);
  sheet.space(16);

  const header = (bold: boolean) => [
    { text: 'Debtor', x: 0, bold },
    { text: 'Invoice Number', x: 170, bold },
    { text: 'Invoice Date', x: 270, bold },
    { text: 'Load Number', x: 340, bold },
  ];
  sheet.row([...header(true), { text: 'Amount', x: 440, width: RIGHT - 440, bold: true }]);
  sheet.rule();
  for (const row of schedule.rows) {
    sheet.row([
      { text: row.debtorName, x: 0 },
      { text: row.invoiceNumber, x: 170 },
      { text: usDate(row.invoiceDate), x: 270 },
      { text: row.loadNumber, x: 340 },
      { text: formatDollars(row.amount), x: 440, width: RIGHT - 440 },
    ]);
  }
  sheet.rule();
  sheet.row([{ text: `Total (${schedule.rows.length} invoice${schedule.rows.length === 1 ? '' : 's'})`, x: 270, bold: true }, { text: formatDollars(schedule.total), x: 440, width: RIGHT - 440, bold: true }], 11);
  sheet.space(24);
  sheet.paragraph(scheduleCertification(schedule.issuer, schedule.factor.name));
  sheet.space(30);
  sheet.row([{ text: 'Signature ______________________________', x: 0 }, { text: 'Date ______________', x: 300 }]);
  return sheet.save();
}
