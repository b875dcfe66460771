import type { CompanyProfile, Driver, Invoice, InvoiceBillTo, InvoiceIssuer, InvoiceLine, Load, Settlement, SettlementDraftLoad } from '@tms/contracts';
import { getDocumentProxy } from 'unpdf';
import { invoicePdf } from './invoice-pdf.js';
import { PAGE } from './pdf-sheet.js';
import { statementPdf } from './statement-pdf.js';

/** A piece of text as the PDF draws it: its page, left edge, baseline and width, in points. */
interface Placed {
  page: number;
  text: string;
  x: number;
  y: number;
  right: number;
}

/** The PDF's text pieces, top to bottom and left to right, page after page, read back as a viewer does. */
async function placedText(bytes: Uint8Array): Promise<Placed[]> {
  const pdf = await getDocumentProxy(bytes);
  const placed: Placed[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const { items } = await (await pdf.getPage(page)).getTextContent();
    for (const item of items as { str: string; transform: number[]; width: number }[]) {
      if (item.str.trim()) placed.push({ page, text: item.str, x: item.transform[4], y: item.transform[5], right: item.transform[4] + item.width });
    }
  }
  return placed.sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x);
}

const COMPANY = {
  name: 'Northstar Freight Lines, Inc.', address: '2400 S Western Ave\nChicago, IL 60608', phone: '(312) 555-0100', email: 'billing@northstar.example',
  mcNumber: 'MC-784512', dotNumber: '2214876', remitTo: 'Northstar Freight Lines, Inc.\nPO Box 88412\nChicago, IL 60680-8412', paymentTermsDays: 45, invoiceNotes: '',
} as unknown as CompanyProfile & InvoiceIssuer;

const LONG_LOAD = 'LD-2027-000004417-REEFER-TEAM';
const LONG_SETTLEMENT = 'SETTLE-20270509-0777-NORTHSTAR-TEAM-B';
const load = (loadNumber: string, pickupLocation: string, deliveryLocation: string): SettlementDraftLoad => ({
  loadId: loadNumber, loadNumber, pickupLocation, deliveryLocation, deliveryDate: '2027-05-04', rate: '12500.00', miles: 2417, stopCount: 3, pay: '3750.00',
  extraStops: 1, stopPay: '0.00', detentionPay: '0.00',
});

describe("the driver's statement", () => {
  it('prints long load numbers, routes and settlement numbers whole, wrapped within their columns under their headers', async () => {
    const settlement = {
      settlementNumber: LONG_SETTLEMENT, periodStart: '2027-05-03', periodEnd: '2027-05-09', status: 'pending',
      totalRevenue: '14300.05', totalMiles: 3057, driverPay: '4290.02', deductions: '150.00', netPay: '4140.02', notes: null,
    } as unknown as Settlement;
    const driver = { name: 'Maximiliano Alejandro Montgomery-Fitzgerald Jr.', email: 'max@example.com', phone: '555-0100', payType: 'percent', payRate: '30.00' } as unknown as Driver;
    const loads = [load(LONG_LOAD, 'Rancho Santa Margarita, CA', 'Winston-Salem, NC'), load('LD-2027-0042', 'Chicago, IL', 'Dallas, TX')];
    const placed = await placedText(await statementPdf({ company: COMPANY, settlement, driver, loads }));

    expect(placed.filter((piece) => piece.text.includes('...'))).toEqual([]);
    // Within the margin (to the 2 points a viewer's own measure of the standard fonts may differ by).
    expect(placed.filter((piece) => piece.right > PAGE.width - PAGE.margin + 2)).toEqual([]);
    const header = (title: string) => placed.find((piece) => piece.text === title && piece.y < placed.find((label) => label.text === 'LOADS')!.y)!;
    const [loadColumn, route, delivered, rate, miles, pay] = ['Load', 'Route', 'Delivered', 'Rate', 'Miles', 'Pay'].map(header);
    const rows = placed.filter((piece) => piece.y < loadColumn.y && piece.y > placed.find((label) => label.text.startsWith('Total Revenue'))!.y);
    const inColumn = (from: number, to: number) => rows.filter((piece) => piece.x >= from - 0.01 && piece.x < to);

    // Read down its column, the long load number is whole, and nothing of it reaches the route's column.
    const loadPieces = inColumn(loadColumn.x, route.x);
    expect(loadPieces.map((piece) => piece.text).join('')).toBe(`${LONG_LOAD}LD-2027-0042`);
    expect(loadPieces.length).toBeGreaterThan(2);
    expect(Math.max(...loadPieces.map((piece) => piece.right))).toBeLessThan(route.x);
    const routePieces = inColumn(route.x, delivered.x);
    expect(routePieces.map((piece) => piece.text).join(' ')).toBe('Rancho Santa Margarita, CA to Winston-Salem, NC, 3 stops Chicago, IL to Dallas, TX, 3 stops');
    expect(Math.max(...routePieces.map((piece) => piece.right))).toBeLessThan(delivered.x);
    // The figures end where their right-aligned headers end.
    for (const [title, figures] of [[rate, ['$12,500.00']], [miles, ['2,417']], [pay, ['$3,750.00']]] as const) {
      const column = rows.filter((piece) => figures.includes(piece.text));
      expect(column).toHaveLength(2);
      // To the point: the viewer measures the bold header and the regular figures each its own way.
      for (const figure of column) expect(Math.abs(figure.right - title.right)).toBeLessThan(1);
    }

    const numberPieces = placed.filter((piece) => piece.x >= 400 + PAGE.margin - 0.01 && piece.y > placed.find((label) => label.text === 'Period')!.y);
    expect(numberPieces.map((piece) => piece.text).join('')).toBe(LONG_SETTLEMENT);
    expect(placed.map((piece) => piece.text).join(' ')).toContain('Maximiliano Alejandro Montgomery-Fitzgerald Jr.');
  });
});

describe("the driver's statement's pay (issue 43)", () => {
  it('prints each part of the driver pay on its own line, its amount in the right column', async () => {
    const settlement = {
      settlementNumber: 'SETTLE-20270509-0043', periodStart: '2027-05-03', periodEnd: '2027-05-09', status: 'pending',
      totalRevenue: '12500.00', totalMiles: 2417, driverPay: '4010.56', deductions: '0.00', netPay: '4010.56', notes: null,
    } as unknown as Settlement;
    const driver = { name: 'Dana Extras', email: 'dana@example.com', phone: '555-0100', payType: 'percent', payRate: '30.00', perStopPay: '25.00', detentionSharePercent: '12.50' } as unknown as Driver;
    const loads = [{ ...load('LD-2027-0043', 'Chicago, IL', 'Dallas, TX'), stopCount: 4, extraStops: 2, stopPay: '50.00', detentionPay: '25.01' }];
    const lumper = { loadId: 'LD-2027-0043', loadNumber: 'LD-2027-0043', chargeId: 'c1', code: 'LUMPER', description: 'Lumper at Acme DC', amount: '185.55' };
    const parts = { loadPay: '3750.00', stopPay: '50.00', detentionPay: '25.01', reimbursed: '185.55', reimbursements: [lumper] };
    const placed = await placedText(await statementPdf({ company: COMPANY, settlement, driver, loads, parts }));
    const label = placed.find((piece) => piece.text === 'DRIVER PAY')!;
    const total = placed.find((piece) => piece.text === 'Total Revenue')!;
    const between = placed.filter((piece) => piece.y < label.y && piece.y > total.y);
    const rows = [...new Set(between.map((piece) => piece.y))].map((y) => between.filter((piece) => piece.y === y).map((piece) => piece.text).join(' | '));
    expect(rows).toEqual([
      'Load pay | $3,750.00',
      'Extra stops: 2 x $25.00 | $50.00',
      'Detention share: 12.5% of approved detention | $25.01',
      'Reimbursed, load LD-2027-0043: Lumper (Lumper at Acme DC) | $185.55',
    ]);
    const amounts = between.filter((piece) => piece.text.startsWith('$'));
    for (const amount of amounts) expect(Math.abs(amount.right - (PAGE.width - PAGE.margin))).toBeLessThan(1);
  });
});

describe('the invoice', () => {
  const facts = (issuer: InvoiceIssuer) => ({
    issuer,
    billTo: { name: 'Harbor Foods', address: '4100 W 47th St, Chicago, IL 60632' } as InvoiceBillTo,
    invoice: { invoiceNumber: 'INV-2027-000000042-HARBOR-FOODS-REEFER', invoiceDate: '2027-03-08', dueDate: '2027-04-22', subtotal: '1234.50', tax: '0.00', total: '1234.50', paidAmount: '0.00', notes: null } as unknown as Invoice,
    load: { loadNumber: LONG_LOAD, pickupLocation: 'Chicago, IL', deliveryLocation: 'Dallas, TX', pickupDate: '2027-03-01', deliveryDate: '2027-03-03', commodity: 'Produce', weight: 42000, miles: 925, stops: [] } as unknown as Load,
  });
  /** What the Remit To block prints, without the page's footer. */
  const remitBlock = (placed: Placed[]) =>
    placed
      .slice(placed.findIndex((piece) => piece.text === 'REMIT TO') + 1)
      .filter((piece) => piece.y > PAGE.margin)
      .map((piece) => piece.text);

  it('names the company once under Remit To when the remit-to starts with its name, and prints the invoice and load numbers whole', async () => {
    const placed = await placedText(await invoicePdf(facts(COMPANY)));
    expect(remitBlock(placed)).toEqual(['Northstar Freight Lines, Inc.', 'PO Box 88412', 'Chicago, IL 60680-8412']);
    expect(placed.filter((piece) => piece.text.includes('...'))).toEqual([]);
    const numberAt = placed.find((piece) => piece.text === 'Invoice Number')!;
    const dateAt = placed.find((piece) => piece.text === 'Invoice Date')!;
    // Its lines, right of its label and down to the next label.
    const valueColumn = placed.filter((piece) => piece.x > numberAt.right && piece.y <= numberAt.y && piece.y > dateAt.y);
    expect(valueColumn.map((piece) => piece.text).join('')).toBe('INV-2027-000000042-HARBOR-FOODS-REEFER');
    // The charge's description, left of the amounts, from under its header to the subtotal.
    const [description, subtotal] = ['Description', 'Subtotal'].map((title) => placed.find((piece) => piece.text === title)!);
    const lines = placed.filter((piece) => piece.y < description.y && piece.y > subtotal.y && piece.right < PAGE.margin + 380);
    expect(lines.map((piece) => piece.text).join(' ')).toBe(`Freight charges, load ${LONG_LOAD}: Chicago, IL to Dallas, TX`);
  });

  it('lists the lines the invoice keeps (issue 43), and the difference from a subtotal typed otherwise as an adjustment', async () => {
    const line = (code: string, description: string, quantity: string, unit: string, rate: string, amount: string, chargeId: string | null) =>
      ({ chargeId, code, description, quantity, unit, rate, amount, stopId: null, documentId: null }) as InvoiceLine;
    const lines = [
      line('LINEHAUL', 'Freight charges, load LD-43: Chicago, IL to Dallas, TX', '1.00', 'flat', '1000.00', '1000.00', null),
      line('DETENTION', 'Detention at Acme DC', '1.25', 'hour', '40.00', '50.00', 'c1'),
      line('LUMPER', '', '1.00', 'flat', '185.55', '185.55', 'c2'),
    ];
    const rowsOf = async (subtotal: string) => {
      const base = facts(COMPANY);
      const placed = await placedText(await invoicePdf({ ...base, invoice: { ...base.invoice, lines, subtotal, total: subtotal } }));
      const [description, total] = ['Description', 'Subtotal'].map((title) => placed.find((piece) => piece.text === title)!);
      const between = placed.filter((piece) => piece.y < description.y && piece.y > total.y);
      return [...new Set(between.map((piece) => piece.y))].map((y) => between.filter((piece) => piece.y === y).map((piece) => piece.text).join(' | '));
    };
    expect(await rowsOf('1235.55')).toEqual([
      'Freight charges, load LD-43: Chicago, IL to Dallas, TX | $1,000.00',
      'Detention: Detention at Acme DC | 1.25 Hour x $40.00 | $50.00',
      'Lumper | $185.55',
    ]);
    expect((await rowsOf('1225.55')).at(-1)).toBe('Adjustment | -$10.00');
  });

  it('puts the company name above a remit-to that is only an address', async () => {
    const placed = await placedText(await invoicePdf(facts({ ...COMPANY, remitTo: '' })));
    expect(remitBlock(placed)).toEqual(['Northstar Freight Lines, Inc.', '2400 S Western Ave', 'Chicago, IL 60608']);
  });
});

// Issue 50, point 8: names and places in any script, as themselves.
describe('names and places in any script', () => {
  const BEIJING = '北京市朝阳区';
  const GREEK = 'Ζήσης Παπαδόπουλος';
  const textOf = (placed: Placed[]) => placed.map((piece) => piece.text).join(' ');
  /** A pending week's settlement under its number. */
  const weekOf = (settlementNumber: string) =>
    ({
      settlementNumber, periodStart: '2027-05-03', periodEnd: '2027-05-09', status: 'pending',
      totalRevenue: '12500.00', totalMiles: 2417, driverPay: '3750.00', deductions: '0.00', netPay: '3750.00', notes: null,
    }) as unknown as Settlement;

  it("prints a driver's name, a customer's name and a place outside WinAnsi as themselves on the statement and the invoice", async () => {
    const settlement = weekOf('SETTLE-20270509-0050');
    const driver = { name: 'José Muñoz', email: 'jose@example.com', phone: '555-0100', payType: 'percent', payRate: '30.00' } as unknown as Driver;
    const statement = await placedText(await statementPdf({ company: COMPANY, settlement, driver, loads: [load('LD-2027-0050', BEIJING, 'Θεσσαλονίκη')] }));
    expect(textOf(statement)).toContain('José Muñoz');
    expect(textOf(statement)).toContain(`${BEIJING} to Θεσσαλονίκη`);
    expect(textOf(statement)).not.toContain('?');

    const invoice = await placedText(await invoicePdf({
      issuer: COMPANY,
      billTo: { name: GREEK, address: `${BEIJING}建国路88号` } as InvoiceBillTo,
      invoice: { invoiceNumber: 'INV-2027-0050', invoiceDate: '2027-03-08', dueDate: '2027-04-22', subtotal: '1234.50', tax: '0.00', total: '1234.50', paidAmount: '0.00', notes: null } as unknown as Invoice,
      load: { loadNumber: 'LD-2027-0050', pickupLocation: BEIJING, deliveryLocation: 'Chicago, IL', pickupDate: '2027-03-01', deliveryDate: '2027-03-03', commodity: 'Produce', weight: 42000, miles: 925, stops: [] } as unknown as Load,
    }));
    expect(textOf(invoice)).toContain(GREEK);
    expect(textOf(invoice)).toContain(`${BEIJING}建国路88号`);
    expect(textOf(invoice)).toContain(`${BEIJING} to Chicago, IL`);
    expect(textOf(invoice)).not.toContain('?');
  });

  it('wraps a long Chinese place in the route column within it, read whole down the column', async () => {
    const settlement = weekOf('SETTLE-20270509-0051');
    const driver = { name: 'Zhang Wei', email: 'wei@example.com', phone: '555-0100', payType: 'percent', payRate: '30.00' } as unknown as Driver;
    const far = '上海市浦东新区张江高科技园区碧波路690号三号楼';
    const placed = await placedText(await statementPdf({ company: COMPANY, settlement, driver, loads: [load('LD-2027-0051', far, BEIJING)] }));
    const header = (title: string) => placed.find((piece) => piece.text === title && piece.y < placed.find((label) => label.text === 'LOADS')!.y)!;
    const [route, delivered] = ['Route', 'Delivered'].map(header);
    const rows = placed.filter((piece) => piece.y < route.y && piece.y > placed.find((label) => label.text.startsWith('Total Revenue'))!.y);
    const routePieces = rows.filter((piece) => piece.x >= route.x - 0.01 && piece.x < delivered.x);
    expect(routePieces.length).toBeGreaterThan(2);
    expect(routePieces.map((piece) => piece.text).join('').replaceAll(' ', '')).toBe(`${far}to${BEIJING},3stops`);
    expect(Math.max(...routePieces.map((piece) => piece.right))).toBeLessThan(delivered.x);
  });
});
