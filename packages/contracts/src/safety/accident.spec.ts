import { ACCIDENT_SEVERITIES, ACCIDENT_STATUSES, accidentInputSchema, DEFAULT_ACCIDENT_STATUS, fieldIssues } from '../index.js';

const driverId = 'b5a1c7e2-1111-4a4a-9999-123456789abc';
const valid = { driverId, accidentDate: '2027-03-04', location: 'I-80 near Joliet, IL', severity: 'Minor', description: 'Rear-ended at a light', status: 'Reported' };
const accidentIssues = (fields: Record<string, unknown>) => {
  const result = accidentInputSchema.safeParse({ ...valid, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};

describe('accident schema', () => {
  it('fills the defaults of an accident sent with its required fields only: no injuries, no truck, load or cost', () => {
    expect(accidentInputSchema.parse(valid)).toEqual({
      ...valid, truckId: null, loadId: null, injuriesReported: 0, policeReportNumber: null, insuranceClaimNumber: null, estimatedCost: null,
    });
  });

  it('reports the spec message for each missing required field', () => {
    const result = accidentInputSchema.safeParse({ driverId: '', location: ' ', severity: '', description: '', status: '' });
    expect(fieldIssues(result.error!)).toEqual({
      driverId: ['Driver is required'],
      accidentDate: ['Accident date is required'],
      location: ['Location is required'],
      severity: ['Severity is required'],
      description: ['Description is required'],
      status: ['Status is required'],
    });
  });

  it('parses injuries to a whole number, 0 when empty, and keeps the estimated cost as money text', () => {
    expect(accidentInputSchema.parse({ ...valid, injuriesReported: '2', estimatedCost: '12500.5' })).toMatchObject({ injuriesReported: 2, estimatedCost: '12500.50' });
    expect(accidentInputSchema.parse({ ...valid, injuriesReported: '', estimatedCost: '' })).toMatchObject({ injuriesReported: 0, estimatedCost: null });
    expect(accidentIssues({ injuriesReported: '1.5', estimatedCost: 100 })).toEqual({
      injuriesReported: ['Injuries must be a whole number'],
      estimatedCost: ['Enter an amount like 1234.50'],
    });
    expect(accidentIssues({ injuriesReported: -1 })).toEqual({ injuriesReported: ['Must not be negative'] });
  });

  it('takes the severities and statuses of spec 4, Reported first', () => {
    expect(ACCIDENT_SEVERITIES).toEqual(['Minor', 'Moderate', 'Severe', 'Critical']);
    expect(ACCIDENT_STATUSES).toEqual(['Reported', 'Under Investigation', 'Closed']);
    expect(DEFAULT_ACCIDENT_STATUS).toBe('Reported');
    expect(accidentIssues({ severity: 'Fatal', status: 'Open' })).toEqual({ severity: ['Severity is required'], status: ['Status is required'] });
  });

  it('names a truck or load that is no id', () => {
    expect(accidentIssues({ truckId: 'T-1', loadId: 'LD-1' })).toEqual({ truckId: ['Truck not found'], loadId: ['Load not found'] });
  });
});
