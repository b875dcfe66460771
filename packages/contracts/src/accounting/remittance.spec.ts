import { allocateOldestFirst, remittanceInputSchema, remittanceTotals } from './remittance.js';

const open = (invoiceId: string, balance: string) => ({ invoiceId, balance });

describe('allocateOldestFirst', () => {
  it('pays each invoice whole while money is left, the last one touched in part, to the cent', () => {
    expect(allocateOldestFirst([open('a', '100.10'), open('b', '0.00'), open('c', '50.05'), open('d', '10.00')], '150.14')).toEqual([
      { invoiceId: 'a', amount: '100.10' },
      { invoiceId: 'c', amount: '50.04' },
    ]);
  });

  it('stops at the last invoice when more was received than is owed (the rest is credit)', () => {
    expect(allocateOldestFirst([open('a', '0.10'), open('b', '0.20')], '1.00')).toEqual([
      { invoiceId: 'a', amount: '0.10' },
      { invoiceId: 'b', amount: '0.20' },
    ]);
    expect(allocateOldestFirst([open('a', '5.00')], '0.00')).toEqual([]);
  });
});

describe('remittanceTotals', () => {
  it('leaves amount + credit used − applied as credit, exact over many cents', () => {
    const applications = Array.from({ length: 10 }, (_, index) => ({ invoiceId: String(index), amount: '0.10' }));
    expect(remittanceTotals({ amount: '0.95', creditUsed: '0.10', applications })).toEqual({ applied: '1.00', unapplied: '0.05', available: '1.05' });
  });

  it('has no credit to leave when more is applied than is available', () => {
    expect(remittanceTotals({ amount: '1.00', creditUsed: '0.00', applications: [{ invoiceId: 'a', amount: '1.01' }] }).unapplied).toBeUndefined();
  });
});

describe('remittanceInputSchema', () => {
  const valid = { customerId: '00000000-0000-4000-8000-000000000001', amount: '10.00', paymentDate: '2026-10-15', paymentMethod: 'ACH' };

  it('takes credit used as 0.00 when left out, and no applications as none (all kept as credit)', () => {
    expect(remittanceInputSchema.parse(valid)).toEqual({ ...valid, creditUsed: '0.00', referenceNumber: null, notes: null });
  });

  it('refuses an amount of 0.00, an applied amount of 0.00 and an invoice twice, each with its message', () => {
    const id = '00000000-0000-4000-8000-000000000002';
    const issues = (input: object) => remittanceInputSchema.safeParse({ ...valid, ...input }).error?.issues.map(({ path, message }) => [path.join('.'), message]);
    expect(issues({ amount: '0.00' })).toEqual([['amount', 'Must be more than 0.00']]);
    expect(issues({ applications: [{ invoiceId: id, amount: '0' }] })).toEqual([['applications.0.amount', 'Must be more than 0.00']]);
    expect(issues({ applications: [{ invoiceId: id, amount: '1.00' }, { invoiceId: id, amount: '2.00' }] })).toEqual([['applications', 'Each invoice can be paid once in a remittance']]);
  });
});
