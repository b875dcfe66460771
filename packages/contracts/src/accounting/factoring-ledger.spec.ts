import { chargeBackEntries, ledgerBalances, paymentEntries, percentOf, purchaseEntries } from './factoring-ledger.js';

describe('the factoring ledger rule (issue 45)', () => {
  it('rounds each percent of the face half up to the cent', () => {
    // 1234.57 × 97% = 1197.5329 → 1197.53; × 3% = 37.0371 → 37.04
    expect(purchaseEntries('1234.57', '97.00', '3.00')).toEqual({ advance: '1197.53', fee: '37.04', reserve: '37.04' });
    // 0.50 × 3% = 0.015 → 0.02 (a half rounds up), 0.50 × 1% = 0.005 → 0.01
    expect(percentOf('0.50', '3.00')).toBe('0.02');
    expect(percentOf('0.50', '1')).toBe('0.01');
    // 1000.10 × 2.25% = 22.50225 → 22.50
    expect(percentOf('1000.10', '2.25')).toBe('22.50');
  });

  it('takes the reserve as the face less the advance, not a percent of its own', () => {
    // 999.99 × 90% = 899.991 → 899.99; the reserve is the remaining 100.00 (10% would be 100.00 too, 1.11 × 90% shows it)
    expect(purchaseEntries('1.11', '90.00', '2.00')).toEqual({ advance: '1.00', fee: '0.02', reserve: '0.11' });
  });

  it('releases the reserve less the fee on a full payment, and less the short pay too on a short one', () => {
    const bought = purchaseEntries('2000.00', '90.00', '3.00'); // advance 1800.00, fee 60.00, reserve 200.00
    expect(paymentEntries('2000.00', '2000.00', bought)).toEqual({ shortPay: '0.00', reserveReleased: '140.00' });
    expect(paymentEntries('2000.00', '1950.25', bought)).toEqual({ shortPay: '49.75', reserveReleased: '90.25' });
    // A short pay past the reserve: the carrier owes the factor the rest.
    expect(paymentEntries('2000.00', '1700.00', bought)).toEqual({ shortPay: '300.00', reserveReleased: '-160.00' });
    expect(() => paymentEntries('2000.00', '2000.01', bought)).toThrow(RangeError);
  });

  it('charges back the advance and gives back the reserve less the fee', () => {
    expect(chargeBackEntries(purchaseEntries('1500.00', '97.00', '3.00'))).toEqual({ chargeBack: '1455.00', reserveReleased: '0.00' });
  });

  it('holds a reserve until its invoice is settled, and owes back charge-backs and short pays past a reserve', () => {
    const entries = [
      { invoiceId: 'a', kind: 'advance', amount: '1800.00' },
      { invoiceId: 'a', kind: 'fee', amount: '60.00' },
      { invoiceId: 'a', kind: 'reserve', amount: '200.00' },
      { invoiceId: 'b', kind: 'advance', amount: '970.00' },
      { invoiceId: 'b', kind: 'fee', amount: '30.00' },
      { invoiceId: 'b', kind: 'reserve', amount: '30.00' },
      { invoiceId: 'c', kind: 'advance', amount: '485.00' },
      { invoiceId: 'c', kind: 'fee', amount: '15.00' },
      { invoiceId: 'c', kind: 'reserve', amount: '15.00' },
      { invoiceId: 'b', kind: 'shortPay', amount: '100.00' },
      { invoiceId: 'b', kind: 'reserveReleased', amount: '-100.00' },
      { invoiceId: 'c', kind: 'chargeBack', amount: '485.00' },
      { invoiceId: 'c', kind: 'reserveReleased', amount: '0.00' },
    ] as const;
    expect(ledgerBalances(entries)).toEqual({ advanced: '3255.00', fees: '105.00', reserveHeld: '200.00', owedBack: '585.00' });
    expect(ledgerBalances([])).toEqual({ advanced: '0.00', fees: '0.00', reserveHeld: '0.00', owedBack: '0.00' });
  });
});
