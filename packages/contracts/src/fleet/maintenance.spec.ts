import { fieldIssues, MAINTENANCE_STATUSES, MAINTENANCE_TYPES, maintenanceInputSchema } from '../index.js';

const truckId = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const valid = {
  truckId, maintenanceType: 'Oil Change', serviceDate: '2027-03-04', cost: '389.95', description: 'Oil and filter change, 15W-40', status: 'Completed',
};
const issues = (fields: Record<string, unknown>) => {
  const result = maintenanceInputSchema.safeParse({ ...valid, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};

describe('maintenance schema', () => {
  it('takes a record with its required fields only, its optional ones as null', () => {
    expect(maintenanceInputSchema.parse(valid)).toEqual({
      ...valid, mileage: null, vendor: null, nextServiceMileage: null, nextServiceDate: null, invoiceNumber: null, notes: null,
    });
  });

  it('reports the spec message for each missing required field', () => {
    const result = maintenanceInputSchema.safeParse({ truckId: '', cost: ' ', description: '  ' });
    expect(fieldIssues(result.error!)).toEqual({
      truckId: ['Truck is required'],
      maintenanceType: ['Maintenance type is required'],
      serviceDate: ['Service date is required'],
      cost: ['Cost is required'],
      description: ['Description is required'],
      status: ['Status is required'],
    });
  });

  it('keeps the cost as money text and mileages as whole miles', () => {
    expect(maintenanceInputSchema.parse({ ...valid, cost: '1250', mileage: '412503', nextServiceMileage: 427503, nextServiceDate: '2027-06-04' })).toMatchObject({
      cost: '1250.00', mileage: 412503, nextServiceMileage: 427503, nextServiceDate: '2027-06-04',
    });
    expect(issues({ cost: '1,250.00', mileage: '412,503', nextServiceMileage: -1 })).toEqual({
      cost: ['Enter an amount like 1234.50'],
      mileage: ['Mileage must be a whole number of miles'],
      nextServiceMileage: ['Must not be negative'],
    });
  });

  it('takes the spec options of type and status, and no other', () => {
    expect(MAINTENANCE_TYPES).toEqual(['Oil Change', 'Tire Rotation', 'Brake Service', 'Engine Repair', 'Transmission', 'Inspection', 'PM Service', 'Other']);
    expect(MAINTENANCE_STATUSES).toEqual(['Scheduled', 'In Progress', 'Completed', 'Cancelled']);
    for (const maintenanceType of MAINTENANCE_TYPES) expect(issues({ maintenanceType })).toEqual({});
    expect(issues({ maintenanceType: 'oil change', status: 'completed' })).toEqual({
      maintenanceType: ['Maintenance type is required'], status: ['Status is required'],
    });
  });

  it('names the truck that is no id', () => {
    expect(issues({ truckId: 'T-101' })).toEqual({ truckId: ['Truck not found'] });
  });
});
