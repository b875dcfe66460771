import { driverInputSchema, fieldIssues, truckInputSchema } from '../src/index.js';

describe('truck schema', () => {
  it('reports the spec message for each missing required field', () => {
    const result = truckInputSchema.safeParse({ truckNumber: ' ', type: '', status: '', licensePlate: '' });
    expect(result.success).toBe(false);
    expect(fieldIssues(result.error!)).toEqual({
      truckNumber: ['Truck number is required'],
      type: ['Type is required'],
      status: ['Status is required'],
      licensePlate: ['License plate is required'],
    });
  });

  it('turns form text into typed values and empty optionals into null', () => {
    const truck = truckInputSchema.parse({
      truckNumber: ' T-100 ', type: 'Flatbed', status: 'available', licensePlate: 'ABC', year: '2021', vin: '', make: 'Volvo',
    });
    expect(truck).toEqual({
      truckNumber: 'T-100', type: 'Flatbed', status: 'available', licensePlate: 'ABC', vin: null, year: 2021, make: 'Volvo', model: null,
    });
  });

  it('refuses a year that is not a whole number', () => {
    const result = truckInputSchema.safeParse({ truckNumber: 'T', type: 'Tanker', status: 'available', licensePlate: 'P', year: '20.5' });
    expect(fieldIssues(result.error!)).toEqual({ year: ['Year must be a whole number'] });
  });
});

describe('driver schema', () => {
  const valid = { name: 'Ann Lee', email: 'ann@example.com', phone: '555', licenseNumber: 'L1', status: 'on-duty' };

  it('accepts a driver without expirations or truck', () => {
    expect(driverInputSchema.parse(valid)).toMatchObject({ licenseExpiration: null, assignedTruckId: null });
  });

  it('says "Invalid email address" for a bad e-mail', () => {
    const result = driverInputSchema.safeParse({ ...valid, email: 'ann@' });
    expect(fieldIssues(result.error!)).toEqual({ email: ['Invalid email address'] });
  });

  it('cuts a timestamp to its calendar day and refuses an impossible date', () => {
    expect(driverInputSchema.parse({ ...valid, licenseExpiration: '2027-03-04T00:00:00.000Z' }).licenseExpiration).toBe('2027-03-04');
    expect(driverInputSchema.safeParse({ ...valid, medicalCardExpiration: '2027-02-30x' }).success).toBe(false);
  });
});
