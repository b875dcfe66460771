import { DEFAULT_VIOLATION_STATUS, fieldIssues, VIOLATION_STATUSES, VIOLATION_TYPES, violationInputSchema } from '../index.js';

const driverId = 'b5a1c7e2-1111-4a4a-9999-123456789abc';
const valid = { driverId, violationType: 'Speeding', violationDate: '2027-03-04', location: 'I-55, Springfield, IL', description: '72 in a 55', status: 'Pending' };
const violationIssues = (fields: Record<string, unknown>) => {
  const result = violationInputSchema.safeParse({ ...valid, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};

describe('violation schema', () => {
  it('fills the defaults of a violation sent with its required fields only: 0 points, no fine', () => {
    expect(violationInputSchema.parse(valid)).toEqual({ ...valid, truckId: null, citationNumber: null, fineAmount: null, points: 0, dueDate: null });
  });

  it('reports the spec message for each missing required field', () => {
    const result = violationInputSchema.safeParse({ driverId: '', violationType: '', location: '', description: ' ', status: '' });
    expect(fieldIssues(result.error!)).toEqual({
      driverId: ['Driver is required'],
      violationType: ['Violation type is required'],
      violationDate: ['Violation date is required'],
      location: ['Location is required'],
      description: ['Description is required'],
      status: ['Status is required'],
    });
  });

  it('parses points to a whole number, 0 when empty, and keeps the fine as money text', () => {
    expect(violationInputSchema.parse({ ...valid, points: '3', fineAmount: '250', dueDate: '2027-04-01' })).toMatchObject({ points: 3, fineAmount: '250.00', dueDate: '2027-04-01' });
    expect(violationInputSchema.parse({ ...valid, points: '', fineAmount: '' })).toMatchObject({ points: 0, fineAmount: null });
    expect(violationIssues({ points: 'two', fineAmount: '1.005' })).toEqual({ points: ['Points must be a whole number'], fineAmount: ['Enter an amount like 1234.50'] });
  });

  it("takes spec 9's types and spec 4's statuses, Pending first", () => {
    expect(VIOLATION_TYPES).toEqual(['Speeding', 'HOS', 'Equipment', 'Weight', 'DOT', 'Other']);
    expect(VIOLATION_STATUSES).toEqual(['Pending', 'Paid', 'Contested', 'Dismissed']);
    expect(DEFAULT_VIOLATION_STATUS).toBe('Pending');
    expect(violationIssues({ violationType: 'Parking', status: 'Open' })).toEqual({ violationType: ['Violation type is required'], status: ['Status is required'] });
  });
});
