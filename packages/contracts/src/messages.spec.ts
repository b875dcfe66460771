import { HOLDER_NAMES, keptHistoryMessage, namedElsewhereMessage } from './messages.js';

describe('keptHistoryMessage', () => {
  const maintenance = { one: 'maintenance record', many: 'maintenance records' };
  const fuel = { one: 'fuel transaction', many: 'fuel transactions' };
  const inspections = { one: 'inspection', many: 'inspections' };

  it('names each kind that uses the record, with its count, and leaves out the unused kinds', () => {
    expect(keptHistoryMessage('truck', [{ count: 1, ...maintenance }, { count: 0, ...fuel }])).toBe(
      'This truck has 1 maintenance record. Its history is kept, so it cannot be deleted.',
    );
    expect(keptHistoryMessage('truck', [{ count: 2, ...maintenance }, { count: 1, ...fuel }])).toBe(
      'This truck has 2 maintenance records and 1 fuel transaction. Its history is kept, so it cannot be deleted.',
    );
    expect(keptHistoryMessage('driver', [{ count: 3, ...fuel }, { count: 1, ...inspections }, { count: 2, ...maintenance }])).toBe(
      'This driver has 3 fuel transactions, 1 inspection and 2 maintenance records. Its history is kept, so it cannot be deleted.',
    );
  });
});

describe('namedElsewhereMessage', () => {
  it("names the other services' records that name it, with their counts, and says what to do", () => {
    const uses = [
      { count: 2, ...HOLDER_NAMES['accounting.invoices'] },
      { count: 0, ...HOLDER_NAMES['accounting.payments'] },
      { count: 1, ...HOLDER_NAMES['accounting.expenses'] },
    ];
    expect(namedElsewhereMessage('load', uses)).toBe('This load is named by 2 invoices and 1 expense. Change or delete them first, then delete the load.');
  });
});
