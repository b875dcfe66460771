import { fieldIssues, generatedSettlementNumber, invoiceInputSchema, settlementInputSchema } from '../index.js';

describe('settlement and invoice schemas', () => {
  it('numbers a new settlement SETTLE-YYYYMMDD-NNNN with a random 0000-9999', () => {
    expect(generatedSettlementNumber(new Date(2027, 2, 7), () => 0)).toBe('SETTLE-20270307-0000');
    expect(generatedSettlementNumber(new Date(2027, 11, 31), () => 0.99999)).toBe('SETTLE-20271231-9999');
    expect(generatedSettlementNumber()).toMatch(/^SETTLE-\d{8}-\d{4}$/);
  });

  it('takes the payment methods of section 9 or none, and defaults deductions to 0', () => {
    const valid = {
      driverId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f', settlementNumber: 'SETTLE-20270307-0042', periodStart: '2027-03-01', periodEnd: '2027-03-07',
      totalRevenue: '6400', driverPay: '1920', netPay: '1920', status: 'Pending',
    };
    expect(settlementInputSchema.parse({ ...valid, paymentMethod: '' })).toMatchObject({ paymentMethod: null, deductions: '0.00', totalMiles: null, paidDate: null });
    for (const paymentMethod of ['Check', 'ACH', 'Cash', 'Wire']) expect(settlementInputSchema.safeParse({ ...valid, paymentMethod }).success).toBe(true);
    const refused = settlementInputSchema.safeParse({ ...valid, paymentMethod: 'Credit Card', status: 'paid', totalMiles: -1 });
    expect(fieldIssues(refused.error!)).toEqual({
      paymentMethod: ['Choose a payment method from the list'], status: ['Status is required'], totalMiles: ['Must not be negative'],
    });
  });

  it("says section 5's invoice messages", () => {
    const result = invoiceInputSchema.safeParse({ invoiceNumber: '', loadId: '', customerId: '', status: '', subtotal: '', total: '' });
    expect(fieldIssues(result.error!)).toMatchObject({
      invoiceNumber: ['Invoice number is required'], loadId: ['Load is required'], customerId: ['Customer is required'],
      status: ['Status is required'], subtotal: ['Subtotal is required'], total: ['Total is required'],
    });
  });
});
