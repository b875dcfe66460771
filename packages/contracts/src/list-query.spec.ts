import { readListQuery } from './list-query.js';

describe('readListQuery', () => {
  it('reads a sort, several values, ids and a day range', () => {
    const id = '0b7e1f0a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(readListQuery('loads', { sort: 'pickupDate', order: 'desc', status: 'assigned,in-transit', customerId: id.toUpperCase(), pickupDateFrom: '2026-12-01', format: 'csv' })).toEqual({
      ok: true,
      query: { sort: { field: 'pickupDate', descending: true }, values: { status: ['assigned', 'in-transit'], customerId: [id] }, days: { pickupDate: { from: '2026-12-01' } } },
    });
  });

  it("stands 'unpaid' for the invoices still owed", () => {
    expect(readListQuery('invoices', { status: 'unpaid,draft' })).toEqual({ ok: true, query: { values: { status: ['sent', 'overdue', 'draft'] } } });
  });

  it('leaves a list without filters to sort, and its unknown parameters alone', () => {
    expect(readListQuery('trucks', { sort: 'year', status: 'nonsense' })).toEqual({ ok: true, query: { sort: { field: 'year', descending: false } } });
    expect(readListQuery('trucks', {})).toEqual({ ok: true, query: {} });
  });

  it('says what is wrong under each parameter', () => {
    expect(readListQuery('loads', { sort: 'drop table', order: 'sideways', status: 'lost', pickupDateTo: '2026-02-30', assignedTruckId: ['a', 'b'] })).toEqual({
      ok: false,
      issues: {
        sort: ['sort must be a field of the record'],
        order: ["order must be 'asc' or 'desc'"],
        status: ['status must be one or more of pending, assigned, in-transit, delivered, invoiced, separated by commas'],
        pickupDateTo: ['pickupDateTo must be a day as YYYY-MM-DD'],
        assignedTruckId: ['assignedTruckId must be given once'],
      },
    });
  });
});
