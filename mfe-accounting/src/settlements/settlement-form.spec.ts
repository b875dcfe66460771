import { settlementInputSchema, type Settlement } from '@tms/contracts';
import { formatMiles, formatPeriod } from './settlement-columns.js';
import dayjs from 'dayjs';
import {
  draftDeductionLines,
  draftPayLines,
  netPayOf,
  SETTLEMENT_FILL_TEXTS,
  settlementDraftRequest,
  settlementFormValues,
  settlementPayload,
  settlementTexts,
  withSettlementDraft,
} from './settlement-form.js';
import { overviewFigures } from '../overview/overview-figures.js';

const settlement: Settlement = {
  id: 's1', driverId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f', settlementNumber: 'SETTLE-20270307-0042', periodStart: '2027-03-01', periodEnd: '2027-03-07',
  totalMiles: 12450, totalRevenue: '6400.10', driverPay: '1920.30', deductions: '150.10', netPay: '1770.20', status: 'Paid', paidDate: '2027-03-10',
  paymentMethod: 'ACH', notes: null, loadIds: [], deductionIds: [],
};

describe('settlement dialog and columns', () => {
  it('opens a Pending settlement numbered SETTLE-YYYYMMDD-NNNN with deductions 0', () => {
    expect(settlementFormValues(null, new Date(2027, 2, 7))).toMatchObject({ status: 'Pending', deductions: '0', netPay: '' });
    expect(settlementFormValues(null, new Date(2027, 2, 7)).settlementNumber).toMatch(/^SETTLE-20270307-\d{4}$/);
  });

  it('computes net pay as driver pay - deductions, and sends the paid date only while Paid', () => {
    expect(netPayOf({ driverPay: '1920.30', deductions: '150.10' })).toBe('1770.20');
    const { id, ...fields } = settlement;
    expect(settlementPayload(settlementFormValues(settlement))).toEqual(fields);
    expect(settlementPayload({ ...settlementFormValues(settlement), status: 'Approved' })).toMatchObject({ paidDate: null });
    expect(settlementInputSchema.safeParse(settlementPayload(settlementFormValues(settlement))).success).toBe(true);
  });

  it('says what spec 2.11 and 8 say, word for word', () => {
    expect(settlementTexts).toMatchObject({
      addButton: 'Create Settlement', searchPlaceholder: 'Search by settlement number or driver...', empty: 'No settlements found',
      emptyHint: 'Get started by creating your first settlement', createTitle: 'Create Settlement', editTitle: 'Edit Settlement',
      createDescription: 'Create a new driver settlement', editDescription: 'Update settlement information', createSubmit: 'Create Settlement',
      updateSubmit: 'Update Settlement', savingSubmit: 'Saving...', createFailed: 'Failed to create settlement.', updateFailed: 'Failed to update settlement.',
      deleteConfirm: 'Are you sure you want to delete this settlement?', deleteFailed: 'Failed to delete settlement. Please try again.',
      created: ['Settlement created', 'Settlement has been successfully created.'], updated: ['Settlement updated', 'Settlement has been successfully updated.'],
      deleted: ['Settlement deleted'],
    });
  });

  it('shows miles thousands-separated or -, and the period as start - end', () => {
    expect(formatMiles(12450)).toBe('12,450');
    expect(formatMiles(null)).toBe('-');
    expect(formatPeriod(settlement)).toBe('Mar 1, 2027 - Mar 7, 2027');
  });
});

describe("'Fill from loads'", () => {
  const draft = {
    loads: [
      { loadId: 'l1', loadNumber: 'LD-1', pickupLocation: 'Chicago, IL', deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-02', rate: '1000.05', miles: 925, stopCount: 2, pay: '280.01', extraStops: 0, stopPay: '0.00', detentionPay: '0.00' },
      { loadId: 'l2', loadNumber: 'LD-2', pickupLocation: 'Dallas, TX', deliveryLocation: 'Tulsa, OK', deliveryDate: '2027-03-05', rate: '0.10', miles: null, stopCount: 2, pay: '0.03', extraStops: 0, stopPay: '0.00', detentionPay: '0.00' },
    ],
    totalRevenue: '1000.15', totalMiles: 925, driverPay: '280.04', deductions: '0.00', netPay: '280.04', missingMiles: ['LD-2'],
    loadPay: '280.04', stopPay: '0.00', detentionPay: '0.00', reimbursed: '0.00', reimbursements: [], perStopPay: null, detentionSharePercent: null, deductionLines: [],
    driverId: settlement.driverId, periodStart: '2027-03-01', periodEnd: '2027-03-07', payType: 'percent' as const, payRate: '28.00',
  };

  it('lists the driver pay part by part: the loads, extra stops, the detention share and each line paid back (issue 43)', () => {
    expect(draftPayLines(draft).map(({ label, amount }) => [label, amount])).toEqual([['Load pay', '280.04']]);
    const withExtras = {
      ...draft,
      loads: [{ ...draft.loads[0], stopCount: 4, extraStops: 2, stopPay: '50.00', detentionPay: '25.01' }],
      loadPay: '280.01', stopPay: '50.00', detentionPay: '25.01', reimbursed: '185.55', perStopPay: '25.00', detentionSharePercent: '50.00',
      reimbursements: [{ loadId: 'l1', loadNumber: 'LD-1', chargeId: 'c1', code: 'LUMPER', description: 'Lumper at Acme DC', amount: '185.55' }],
    };
    expect(draftPayLines(withExtras).map(({ label, amount }) => [label, amount])).toEqual([
      ['Load pay', '280.01'],
      ['Extra stops: 2 x $25.00', '50.00'],
      ['Detention share: 50% of approved detention', '25.01'],
      ['Reimbursed, load LD-1: Lumper (Lumper at Acme DC)', '185.55'],
    ]);
  });

  it('asks only once a driver and the whole period are chosen', () => {
    const chosen = { driverId: settlement.driverId, periodStart: dayjs('2027-03-01'), periodEnd: dayjs('2027-03-07') };
    expect(settlementDraftRequest(chosen)).toEqual({ driverId: settlement.driverId, periodStart: '2027-03-01', periodEnd: '2027-03-07' });
    expect(settlementDraftRequest({ ...chosen, driverId: undefined })).toBeUndefined();
    expect(settlementDraftRequest({ ...chosen, periodEnd: null })).toBeUndefined();
  });

  it("fills miles, revenue and driver pay from the loads, keeps the deductions typed, and saves the loads' ids", () => {
    const filled = withSettlementDraft({ deductions: '30.05' }, draft);
    expect(filled).toEqual({ totalMiles: 925, totalRevenue: '1000.15', driverPay: '280.04', netPay: '249.99', loadIds: ['l1', 'l2'], deductionIds: [] });
    const values = { ...settlementFormValues(null, new Date(2027, 2, 7)), ...filled, driverId: settlement.driverId, deductions: '30.05', periodStart: dayjs('2027-03-01'), periodEnd: dayjs('2027-03-07') };
    expect(settlementPayload(values)).toMatchObject({ totalRevenue: '1000.15', driverPay: '280.04', deductions: '30.05', netPay: '249.99', loadIds: ['l1', 'l2'] });
  });

  it("subtracts the driver's cash advances the draft lists, once, in place of deductions typed (issue 48)", () => {
    const advance = { deductionId: 'd1', deductionDate: '2027-03-04', description: 'Cash advance, PILOT, Midland, TX (card 0042, invoice INV1004)', amount: '100.00' };
    const owed = { ...draft, deductionLines: [advance], deductions: '100.00', netPay: '180.04' };
    const filled = withSettlementDraft({ deductions: '30.05' }, owed);
    expect(filled).toMatchObject({ driverPay: '280.04', deductions: '100.00', netPay: '180.04', deductionIds: ['d1'] });
    expect(draftDeductionLines(owed)).toEqual([{ key: 'd1', label: 'Deduction 2027-03-04: Cash advance, PILOT, Midland, TX (card 0042, invoice INV1004)', amount: '-100.00' }]);
    const values = { ...settlementFormValues(null, new Date(2027, 2, 7)), ...filled, driverId: settlement.driverId, periodStart: dayjs('2027-03-01'), periodEnd: dayjs('2027-03-07') };
    expect(settlementPayload(values)).toMatchObject({ deductions: '100.00', netPay: '180.04', deductionIds: ['d1'] });
  });

  it('sends an edited settlement back with the loads it pays', () => {
    expect(settlementPayload(settlementFormValues({ ...settlement, loadIds: ['l1'] }))).toMatchObject({ loadIds: ['l1'] });
  });

  it('names the loads without miles', () => {
    expect(SETTLEMENT_FILL_TEXTS.missingMiles(['LD-2'])).toBe('No loaded miles on LD-2: per-mile pay counts none for it until the miles are entered on the load.');
    expect(SETTLEMENT_FILL_TEXTS.missingMiles(['LD-2', 'LD-3'])).toContain('LD-2, LD-3: per-mile pay counts none for them');
  });
});

describe('overview figures', () => {
  const invoice = (n: number, status: string, total: string) => ({ id: `i${n}`, status, total, paidAmount: '0.00' }) as never;
  const expense = (n: number, amount: string) => ({ id: `e${n}`, amount }) as never;

  it('adds revenue of paid invoices, pending of those neither paid nor cancelled, and the margin, to the cent', () => {
    const figures = overviewFigures(
      [invoice(1, 'paid', '0.10'), invoice(2, 'paid', '0.20'), invoice(3, 'cancelled', '900'), invoice(4, 'overdue', '1.01'), invoice(5, 'draft', '0.02'), invoice(6, 'sent', '3')],
      [expense(1, '0.20')],
    );
    expect(figures).toMatchObject({ totalRevenue: '0.30', totalExpenses: '0.20', netProfit: '0.10', marginPercent: '33.3', pendingRevenue: '4.03', pendingInvoices: 3 });
    expect(figures.recentInvoices.map((recent: { id: string }) => recent.id)).toEqual(['i1', 'i2', 'i3', 'i4', 'i5']);
    expect(overviewFigures([], [])).toMatchObject({ totalRevenue: '0.00', netProfit: '0.00', marginPercent: '0.0', pendingInvoices: 0 });
  });

  it('is exact over 10,000 awkward amounts', () => {
    const invoices = Array.from({ length: 10000 }, (_, n) => invoice(n, 'paid', ['0.10', '0.20', '1234.57'][n % 3]));
    // 3334 dimes, 3333 of 0.20 and of 1234.57.
    expect(overviewFigures(invoices, []).totalRevenue).toBe('4115821.81');
  });
});
