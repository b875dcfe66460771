import { formatDollars, PAY_TYPE_LABELS, settlementPayLines, type CompanyProfile, type Driver, type Settlement, type SettlementDeduction, type SettlementDraftLoad, type SettlementPayParts } from '@tms/contracts';
import { PAGE, PdfSheet } from './pdf-sheet.js';
import { usDate, writeCompany } from './invoice-pdf.js';

/** What a driver's statement prints: the settlement, its driver (svc-core's) and loads with their pay, the carrier. */
export interface StatementFacts {
  company: CompanyProfile;
  settlement: Settlement;
  driver: Driver;
  loads: SettlementDraftLoad[];
  /** Issue 43: what it pays beyond the loads' pay (extra stops, detention share, reimbursements), each its own line. */
  parts?: SettlementPayParts;
  /** Issue 48: the deductions it subtracts (cash advances), each its own line. */
  deductionLines?: SettlementDeduction[];
}

const RIGHT = PAGE.width - 2 * PAGE.margin;
const COLUMNS = { load: 0, route: 70, delivered: 300, rate: 350, miles: 420, pay: 460 } as const;

/** Issue 43: the driver pay's parts, each its own line (contracts' settlementPayLines, as 'Fill from loads' shows them). */
function writeParts(sheet: PdfSheet, driver: Driver, loads: readonly SettlementDraftLoad[], parts: SettlementPayParts) {
  sheet.label('Driver Pay');
  for (const line of settlementPayLines(parts, loads, driver)) {
    sheet.row([{ text: line.label, x: 0, width: 390, align: 'left' }, { text: formatDollars(line.amount), x: 400, width: RIGHT - 400 }], 9.5);
  }
  sheet.rule();
}

/** A line of the loads' table: number, route, delivery date, rate, miles, pay. */
function loadRow(sheet: PdfSheet, cells: [string, string, string, string, string, string], bold = false) {
  const [load, route, delivered, rate, miles, pay] = cells;
  sheet.row(
    [
      { text: load, x: COLUMNS.load, width: COLUMNS.route - 6, align: 'left', bold },
      { text: route, x: COLUMNS.route, width: COLUMNS.delivered - COLUMNS.route - 6, align: 'left', bold },
      { text: delivered, x: COLUMNS.delivered, bold },
      { text: rate, x: COLUMNS.rate, width: COLUMNS.miles - COLUMNS.rate, bold },
      { text: miles, x: COLUMNS.miles, width: COLUMNS.pay - COLUMNS.miles - 4, bold },
      { text: pay, x: COLUMNS.pay, width: RIGHT - COLUMNS.pay, bold },
    ],
    8.5,
  );
}

/** The driver's settlement statement: who pays whom for which period, each load and its pay, deductions, net pay. */
export async function statementPdf({ company, settlement, driver, loads, parts, deductionLines = [] }: StatementFacts): Promise<Uint8Array> {
  const sheet = await PdfSheet.create(`Settlement ${settlement.settlementNumber}`, `Settlement ${settlement.settlementNumber}`);
  const top = sheet.cursor;
  writeCompany(sheet, company);
  const below = sheet.cursor;
  sheet.cursor = top;
  sheet.row([{ text: 'DRIVER SETTLEMENT', x: 280, width: RIGHT - 280, bold: true }], 16);
  for (const [label, value] of [
    ['Settlement Number', settlement.settlementNumber],
    ['Period', `${usDate(settlement.periodStart)} - ${usDate(settlement.periodEnd)}`],
    ['Status', settlement.status],
    ...(settlement.paidDate ? [['Paid', `${usDate(settlement.paidDate)}${settlement.paymentMethod ? ` by ${settlement.paymentMethod}` : ''}`]] : []),
  ]) {
    sheet.row([{ text: label, x: 300, bold: true }, { text: value, x: 400, width: RIGHT - 400 }], 10);
  }
  sheet.cursor = Math.min(below, sheet.cursor);
  sheet.space(12);

  sheet.label('Driver');
  sheet.row([{ text: driver.name, x: 0, bold: true }], 11);
  sheet.row([{ text: [driver.email, driver.phone].filter(Boolean).join('   '), x: 0 }], 9);
  if (driver.payType && driver.payRate) {
    const rule = driver.payType === 'percent' ? `${driver.payRate}% of the load's rate` : driver.payType === 'perMile' ? `$${driver.payRate} per loaded mile` : `${formatDollars(driver.payRate)} per load`;
    sheet.row([{ text: `Pay: ${PAY_TYPE_LABELS[driver.payType]}, ${rule}`, x: 0 }], 9);
  }
  sheet.space(10);

  sheet.label('Loads');
  loadRow(sheet, ['Load', 'Route', 'Delivered', 'Rate', 'Miles', 'Pay'], true);
  sheet.rule();
  for (const load of loads) {
    loadRow(sheet, [
      load.loadNumber,
      `${load.pickupLocation} to ${load.deliveryLocation}, ${load.stopCount} stops`,
      usDate(load.deliveryDate),
      formatDollars(load.rate),
      load.miles === null ? '-' : load.miles.toLocaleString('en-US'),
      formatDollars(load.pay),
    ]);
  }
  if (!loads.length) sheet.row([{ text: 'No loads are named on this settlement.', x: 0 }], 9);
  sheet.rule();
  sheet.space(6);
  if (parts) {
    writeParts(sheet, driver, loads, parts);
    sheet.space(6);
  }
  if (deductionLines.length) {
    sheet.label('Deductions');
    for (const line of deductionLines) {
      sheet.row([{ text: `${usDate(line.deductionDate)}: ${line.description}`, x: 0, width: 390, align: 'left' }, { text: formatDollars(line.amount), x: 400, width: RIGHT - 400 }], 9.5);
    }
    sheet.rule();
    sheet.space(6);
  }
  for (const [label, value, bold] of [
    ['Total Revenue', formatDollars(settlement.totalRevenue), false],
    ['Total Miles', settlement.totalMiles === null ? '-' : settlement.totalMiles.toLocaleString('en-US'), false],
    ['Driver Pay', formatDollars(settlement.driverPay), false],
    ['Deductions', formatDollars(settlement.deductions), false],
    ['Net Pay', formatDollars(settlement.netPay), true],
  ] as const) {
    sheet.row([{ text: label, x: 300, bold }, { text: value, x: 400, width: RIGHT - 400, bold }], bold ? 11 : 10);
  }
  if (settlement.notes) {
    sheet.space(10);
    sheet.label('Notes');
    sheet.paragraph(settlement.notes);
  }
  return sheet.save();
}
