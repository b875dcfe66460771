import { invoiceInputSchema, type Invoice } from '@tms/contracts';
import {
  generatedInvoiceNumber,
  invoiceFormValues,
  invoiceFormValuesFromDraft,
  invoicePayload,
  invoiceTexts,
  paidWithBalanceWarning,
  undeliveredLoadWarning,
  withLoad,
} from './invoice-form.js';

const invoice: Invoice = {
  id: 'i1', invoiceNumber: 'INV-1001', loadId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f', customerId: '7f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f',
  status: 'sent', invoiceDate: '2027-03-08', dueDate: '2027-04-07', subtotal: '1234.57', tax: '0.10', total: '1234.67', paidAmount: '234.57', notes: null,
};

describe('invoice dialog values', () => {
  it("opens 'Create Invoice' numbered INV- and the current timestamp, a draft dated today", () => {
    const now = new Date(2027, 2, 8, 15, 30).getTime();
    const values = invoiceFormValues(null, now);
    expect(values).toMatchObject({ invoiceNumber: `INV-${now}`, status: 'draft', tax: '0', paidAmount: '0' });
    expect(values.invoiceDate?.format('YYYY-MM-DD')).toBe('2027-03-08');
    expect(generatedInvoiceNumber()).toMatch(/^INV-\d{13}$/);
  });

  it('fills the customer and, when empty, the subtotal from the chosen load; the total follows to the cent', () => {
    const values = invoiceFormValues(null);
    expect(withLoad({ ...values, tax: '0.20' }, { customerId: 'c1', rate: '0.10' })).toEqual({ customerId: 'c1', subtotal: '0.10', total: '0.30' });
    expect(withLoad({ ...values, subtotal: '1000' }, { customerId: 'c1', rate: '2450.00' })).toEqual({ customerId: 'c1', subtotal: '1000', total: '1000.00' });
  });

  it("opens a delivered load's 'Create Invoice' filled from its draft: the load, its customer, the rate and the terms' dates", () => {
    const now = new Date(2027, 2, 8, 15, 30).getTime();
    const draft = { loadId: invoice.loadId, customerId: invoice.customerId, subtotal: '1234.57', lines: [], waitingForApproval: 0, invoiceDate: '2027-03-08', dueDate: '2027-04-07' };
    const values = invoiceFormValuesFromDraft(draft, now);
    expect(values).toMatchObject({ invoiceNumber: `INV-${now}`, status: 'draft', loadId: draft.loadId, customerId: draft.customerId, subtotal: '1234.57', total: '1234.57' });
    expect(invoicePayload(values)).toMatchObject({ invoiceDate: '2027-03-08', dueDate: '2027-04-07', subtotal: '1234.57', tax: '0', total: '1234.57' });
    expect(invoiceInputSchema.safeParse(invoicePayload(values)).success).toBe(true);
  });

  it('sends the invoice back unchanged, with the total recomputed as text', () => {
    const { id, ...fields } = invoice;
    const payload = invoicePayload({ ...invoiceFormValues(invoice), total: 'stale' });
    expect(payload).toEqual(fields);
    expect(invoiceInputSchema.parse(payload)).toMatchObject({ total: '1234.67' });
  });

  it('says what spec 2.4 and 8 say for invoices, without the retry text', () => {
    expect(invoiceTexts).toMatchObject({
      addButton: 'Create Invoice', empty: 'No invoices found', emptyHint: 'Get started by creating your first invoice',
      deleteConfirm: 'Are you sure you want to delete this invoice?', createFailed: 'Failed to create invoice.',
      updateFailed: 'Failed to update invoice.', deleteFailed: 'Failed to delete invoice.',
    });
  });
});

describe("choosing 'paid' with a balance due", () => {
  it('warns with the balance due, and only then', () => {
    expect(paidWithBalanceWarning({ status: 'paid', total: '1000.00', paidAmount: '234.57' })).toBe('This invoice still has a balance due of $765.43.');
    expect(paidWithBalanceWarning({ status: 'paid', total: '1000.00', paidAmount: '' })).toBe('This invoice still has a balance due of $1,000.00.');
    expect(paidWithBalanceWarning({ status: 'paid', total: '1000.00', paidAmount: '1000' })).toBeUndefined();
    expect(paidWithBalanceWarning({ status: 'sent', total: '1000.00', paidAmount: '0' })).toBeUndefined();
    expect(paidWithBalanceWarning({ status: 'paid', total: '', paidAmount: '0' })).toBeUndefined();
  });
});

describe('invoicing a load that is not delivered yet', () => {
  it('warns naming the load and its status, and only then (the spec lets any load be invoiced)', () => {
    expect(undeliveredLoadWarning({ loadNumber: 'LD-1001', status: 'in-transit' })).toBe('Load LD-1001 is In Transit, not delivered yet.');
    expect(undeliveredLoadWarning({ loadNumber: 'LD-1001', status: 'pending' })).toBe('Load LD-1001 is Pending, not delivered yet.');
    expect(undeliveredLoadWarning({ loadNumber: 'LD-1001', status: 'delivered' })).toBeUndefined();
    expect(undeliveredLoadWarning({ loadNumber: 'LD-1001', status: 'invoiced' })).toBeUndefined();
    expect(undeliveredLoadWarning(undefined)).toBeUndefined();
  });
});
