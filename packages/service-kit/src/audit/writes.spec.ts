import { allValues, changedValues } from './writes.js';

describe('changedValues', () => {
  it('answers the fields that changed, with both values, leaving out the bookkeeping', () => {
    const before = { id: '1', name: 'A', rate: '10.00', notes: null, updatedAt: new Date(1) };
    const after = { id: '1', name: 'B', rate: '10.00', notes: 'Call ahead', updatedAt: new Date(2) };
    expect(changedValues(before, after)).toEqual({ name: { from: 'A', to: 'B' }, notes: { from: null, to: 'Call ahead' } });
  });

  it('answers nothing when nothing changed, dates compared by value', () => {
    expect(changedValues({ day: '2027-03-04', at: new Date(5), n: 1 }, { day: '2027-03-04', at: new Date(5), n: 1 })).toEqual({});
  });
});

describe('allValues', () => {
  it("answers a record's fields on one side, dates as ISO text", () => {
    expect(allValues({ id: 'x', name: 'A', due: new Date(Date.UTC(2027, 2, 4)), createdAt: new Date() }, 'to')).toEqual({
      name: { to: 'A' },
      due: { to: '2027-03-04T00:00:00.000Z' },
    });
    expect(allValues({ name: 'A' }, 'from')).toEqual({ name: { from: 'A' } });
  });
});
