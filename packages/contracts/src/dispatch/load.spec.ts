import { fieldIssues, LOAD_STATUS_LABELS, loadInputSchema } from '../index.js';

const customerId = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const valid = {
  loadNumber: 'LD-1001', customerId, status: 'pending', pickupLocation: 'Chicago, IL', pickupDate: '2027-03-04',
  deliveryLocation: 'Dallas, TX', deliveryDate: '2027-03-06', rate: '2450.00',
};
const loadIssues = (fields: Record<string, unknown>) => {
  const result = loadInputSchema.safeParse({ ...valid, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};

describe('load schema', () => {
  it('fills the defaults of a load sent with its required fields only', () => {
    expect(loadInputSchema.parse(valid)).toEqual({
      ...valid, assignedDriverId: null, assignedTruckId: null, expenses: '0.00', weight: 0, miles: null, commodity: null, notes: null,
    });
  });

  it('reports the spec message for each missing required field', () => {
    const result = loadInputSchema.safeParse({ loadNumber: ' ', customerId: '', status: '', pickupLocation: '', deliveryLocation: ' ', rate: '' });
    expect(fieldIssues(result.error!)).toEqual({
      loadNumber: ['Load number is required'],
      customerId: ['Customer is required'],
      status: ['Status is required'],
      pickupLocation: ['Pickup location is required'],
      pickupDate: ['Pickup date is required'],
      deliveryLocation: ['Delivery location is required'],
      deliveryDate: ['Delivery date is required'],
      rate: ['Rate is required'],
    });
  });

  it('keeps money as text with 2 decimals, and weight as a whole number of pounds', () => {
    expect(loadInputSchema.parse({ ...valid, rate: '1234.5', expenses: '80', weight: '42000' })).toMatchObject({
      rate: '1234.50', expenses: '80.00', weight: 42000,
    });
    expect(loadIssues({ rate: '1e3', expenses: '12.345', weight: '4.5' })).toEqual({
      rate: ['Enter an amount like 1234.50'],
      expenses: ['Enter an amount like 1234.50'],
      weight: ['Weight must be a whole number'],
    });
    expect(loadIssues({ weight: -1 })).toEqual({ weight: ['Must not be negative'] });
  });

  it('names the field of an assignment or customer that is no id', () => {
    expect(loadIssues({ customerId: 'acme', assignedDriverId: 'x', assignedTruckId: 7 })).toEqual({
      customerId: ['Customer not found'],
      assignedDriverId: ['Assigned driver not found'],
      assignedTruckId: ['Assigned truck not found'],
    });
  });

  it('takes every load status, labelled as the spec says', () => {
    for (const status of Object.keys(LOAD_STATUS_LABELS)) expect(loadIssues({ status })).toEqual({});
    expect(LOAD_STATUS_LABELS['in-transit']).toBe('In Transit');
    expect(loadIssues({ status: 'In Transit' })).toEqual({ status: ['Status is required'] });
  });
});

describe("a load's stops", () => {
  it('answers stops that are no objects at all (null, a number) under each stop, never by throwing', () => {
    expect(loadIssues({ stops: [0, null] })).toEqual({
      'stops.0.type': ['The first stop must be a pickup'],
      'stops.1.type': ['The last stop must be a delivery'],
      'stops.0': ['Stop 1: Invalid input: expected object, received number'],
      'stops.1': ['Stop 2: Invalid input: expected object, received null'],
    });
  });
});
