import { DEFAULT_INSPECTION_STATUS, fieldIssues, INSPECTION_STATUSES, INSPECTION_TYPES, inspectionInputSchema } from '../index.js';

const truckId = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const driverId = 'b5a1c7e2-1111-4a4a-9999-123456789abc';
const valid = { truckId, driverId, inspectionType: 'DOT', inspectionDate: '2027-03-04', status: 'Passed' };
const inspectionIssues = (fields: Record<string, unknown>) => {
  const result = inspectionInputSchema.safeParse({ ...valid, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};

describe('inspection schema', () => {
  it('takes an inspection with its required fields only, the optional texts empty', () => {
    expect(inspectionInputSchema.parse({ ...valid, defects: ' ', notes: '' })).toEqual({ ...valid, defects: null, notes: null, performedBy: null });
  });

  it('reports the spec message for each missing required field', () => {
    const result = inspectionInputSchema.safeParse({ truckId: '', driverId: ' ', inspectionType: '', status: '' });
    expect(fieldIssues(result.error!)).toEqual({
      truckId: ['Truck is required'],
      driverId: ['Driver is required'],
      inspectionType: ['Inspection type is required'],
      inspectionDate: ['Inspection date is required'],
      status: ['Status is required'],
    });
  });

  it("takes spec 9's types and spec 4's statuses as spelled, Pending first", () => {
    expect(INSPECTION_TYPES).toEqual(['Pre-Trip', 'Post-Trip', 'Annual', 'DOT', 'Roadside']);
    expect(INSPECTION_STATUSES).toEqual(['Passed', 'Failed', 'Pending']);
    expect(DEFAULT_INSPECTION_STATUS).toBe('Pending');
    for (const inspectionType of INSPECTION_TYPES) expect(inspectionIssues({ inspectionType })).toEqual({});
    expect(inspectionIssues({ inspectionType: 'Weekly', status: 'passed' })).toEqual({
      inspectionType: ['Inspection type is required'],
      status: ['Status is required'],
    });
  });

  it('names a truck or driver that is no id, and keeps the date a calendar day', () => {
    expect(inspectionIssues({ truckId: 'T-101', driverId: 7 })).toEqual({ truckId: ['Truck not found'], driverId: ['Driver is required'] });
    expect(inspectionInputSchema.parse({ ...valid, inspectionDate: '2027-03-04T23:30:00Z' }).inspectionDate).toBe('2027-03-04');
    expect(inspectionIssues({ inspectionDate: '2027-02-30' })).toEqual({ inspectionDate: ['Enter a valid date'] });
  });
});
