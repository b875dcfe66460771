import { paymentFormValues, paymentTexts, withInvoice } from './payment-form.js';
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
