import { fieldIssues } from '../fields.js';
import { fuelCardMappingInputSchema, fuelMappingColumns, guessFuelMapping } from './fuel-import.js';

describe('saved fuel card mappings (issue 48)', () => {
  const columns = { date: 'Purchased On', invoice: 'Ticket', unit: 'Tractor', driver: 'Operator', state: 'ST', item: 'Prod', quantity: 'Gal', amount: 'Total' };

  it('needs a name and a column for each field the generic template requires, saying which', () => {
    expect(fuelCardMappingInputSchema.safeParse({ name: ' Roadside ', columns }).data).toEqual({ name: 'Roadside', columns });
    const { unit: _unit, ...partial } = columns;
    const refused = fuelCardMappingInputSchema.safeParse({ name: '', columns: { ...partial, amount: ' ' } });
    expect(fieldIssues(refused.error!)).toEqual({
      name: ['Mapping name is required'],
      'columns.unit': ['Choose the column that holds Unit'],
      'columns.amount': ['Choose the column that holds Amount'],
    });
    // Only the generic template's fields: Comdata's columns side by side are no field of a mapping.
    expect(fuelCardMappingInputSchema.safeParse({ name: 'x', columns: { ...columns, tractorGallons: 'Gal' } }).success).toBe(false);
  });

  it('reads each field by the one title the mapping names', () => {
    expect(fuelMappingColumns({ ...columns, fees: '', city: ' Stop City ' }).titles).toEqual({ ...Object.fromEntries(Object.entries(columns).map(([field, title]) => [field, [title]])), city: ['Stop City'] });
  });

  it("pre-chooses a file's titles that a built-in layout names, case and punctuation not counting", () => {
    expect(guessFuelMapping(['Ticket', 'tran_date', 'Driver Name', 'Merchant State', 'Qty', 'Line Total'])).toEqual({ date: 'tran_date', driver: 'Driver Name', state: 'Merchant State', quantity: 'Qty' });
  });
});
