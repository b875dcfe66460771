import type { Invoice } from '@tms/contracts';
import { invoiceChoices, paymentFormValues, paymentTexts, withInvoice } from './payment-form.js';
import { expenseFormValues, expenseTexts } from '../expenses/expense-form.js';

describe('payment and expense dialog values', () => {
  it('fills the customer and, when empty, the balance (total - paid) from the chosen invoice', () => {
    const values = paymentFormValues(null, new Date(2027, 2, 20).getTime());
    expect(values.paymentDate?.format('YYYY-MM-DD')).toBe('2027-03-20');
    expect(withInvoice(values, { customerId: 'c1', total: '1234.67', paidAmount: '234.57' })).toEqual({ customerId: 'c1', amount: '1000.10' });
    expect(withInvoice({ ...values, amount: '50' }, { customerId: 'c1', total: '1234.67', paidAmount: '0.00' })).toEqual({ customerId: 'c1' });
  });

  it('dates a new expense today, and says what spec 8 says', () => {
    expect(expenseFormValues(null, new Date(2027, 2, 9).getTime()).expenseDate?.format('YYYY-MM-DD')).toBe('2027-03-09');
    expect(expenseTexts).toMatchObject({ addButton: 'Add Expense', createFailed: 'Failed to add expense.', deleteFailed: 'Failed to delete expense.' });
    expect(paymentTexts).toMatchObject({ addButton: 'Record Payment', createFailed: 'Failed to record payment.', updateFailed: 'Failed to update payment.' });
  });
});

describe("the payment dialog's invoice picker", () => {
  const invoice = { id: 'i1', invoiceNumber: 'INV-7', customerId: 'c1', loadId: 'l1', total: '1234.67', paidAmount: '234.57' } as Invoice;
  it('shows each invoice with its customer, load number and balance, and finds it by any of them', () => {
    const [choice] = invoiceChoices([invoice], (id) => (id === 'c1' ? 'Lakeside Market' : undefined), (id) => (id === 'l1' ? 'LD-7001' : undefined));
    expect(choice).toEqual({ value: 'i1', label: 'INV-7', customer: 'Lakeside Market', loadNumber: 'LD-7001', balance: '$1,000.10', search: 'INV-7 Lakeside Market LD-7001' });
  });
  it('leaves out what it cannot name yet (a list still loading)', () => {
    const [choice] = invoiceChoices([invoice], () => undefined, () => undefined);
    expect(choice).toMatchObject({ customer: '', loadNumber: '', search: 'INV-7' });
  });
});
