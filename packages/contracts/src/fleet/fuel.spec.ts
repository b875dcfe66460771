import { fieldIssues, FUEL_VENDORS, fuelFormSchema, fuelInputSchema, fuelTotalCost } from '../index.js';

const truckId = '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f';
const driverId = '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70';
const valid = {
  truckId, driverId, transactionDate: '2027-03-04', vendor: 'Pilot', location: 'Gary, IN', gallons: '125.5', pricePerGallon: '3.899',
  totalCost: '489.32', fuelType: 'Diesel',
};
const issues = (fields: Record<string, unknown>) => {
  const result = fuelInputSchema.safeParse({ ...valid, ...fields });
  return result.success ? {} : fieldIssues(result.error);
};

describe('fuel total cost', () => {
  it('is gallons × price per gallon, rounded half up to the cent, exactly', () => {
    expect(fuelTotalCost('125.5', '3.899')).toBe('489.32'); // 489.3245
    expect(fuelTotalCost('100', '3.999')).toBe('399.90');
    expect(fuelTotalCost('0.001', '0.005')).toBe('0.00'); // 0.000005
    expect(fuelTotalCost('1.5', '0.003')).toBe('0.00'); // 0.0045: under half a cent
    expect(fuelTotalCost('1.001', '4.995')).toBe('5.00'); // 4.999995
    expect(fuelTotalCost('2.5', '0.002')).toBe('0.01'); // exactly half a cent rounds up
    expect(fuelTotalCost('9999.999', '9999.999')).toBe('99999980.00');
  });

  it('gets right what floating point gets wrong', () => {
    // 1.005 gallons at $1.000: a float product is 1.00499999..., which toFixed(2) writes as '1.00'.
    expect((1.005 * 1).toFixed(2)).toBe('1.00');
    expect(fuelTotalCost('1.005', '1')).toBe('1.01');
    expect(fuelTotalCost('80.115', '3.1')).toBe('248.36'); // 248.3565
  });

  it('is undefined while either is empty or half typed', () => {
    expect(fuelTotalCost('', '3.899')).toBeUndefined();
    expect(fuelTotalCost('125.5', null)).toBeUndefined();
    expect(fuelTotalCost('12.', '3.')).toBe('36.00');
    expect(fuelTotalCost('1e3', '3.899')).toBeUndefined();
    expect(fuelTotalCost('1.2345', '3.899')).toBeUndefined();
  });
});

describe('fuel schema', () => {
  it('takes a purchase with its required fields, gallons and price to 3 decimals, optionals as null', () => {
    expect(fuelInputSchema.parse(valid)).toEqual({
      ...valid, gallons: '125.500', pricePerGallon: '3.899', loadId: null, cardNumber: null, receiptNumber: null, odometerReading: null, notes: null,
    });
    expect(fuelInputSchema.parse({ ...valid, totalCost: undefined }).totalCost).toBeNull();
  });

  it('reports the spec message for each missing required field', () => {
    const result = fuelFormSchema.safeParse({ loadId: '', gallons: '', pricePerGallon: ' ', totalCost: '' });
    expect(fieldIssues(result.error!)).toEqual({
      truckId: ['Truck is required'],
      driverId: ['Driver is required'],
      transactionDate: ['Transaction date is required'],
      vendor: ['Vendor is required'],
      location: ['Location is required'],
      gallons: ['Gallons is required'],
      pricePerGallon: ['Price per gallon is required'],
      totalCost: ['Total cost is required'],
      fuelType: ['Fuel type is required'],
    });
  });

  it('refuses quantities with more than 3 decimals, as numbers, or out of range', () => {
    expect(issues({ gallons: '12.3456', pricePerGallon: 3.899 })).toEqual({
      gallons: ['Enter a number like 125.500'], pricePerGallon: ['Enter a number like 125.500'],
    });
    expect(issues({ gallons: '0', pricePerGallon: '10000' })).toEqual({
      gallons: ['Must be between 0.001 and 9999.999'], pricePerGallon: ['Must be between 0.001 and 9999.999'],
    });
  });

  it('takes a card number of at most 4 digits, and an odometer in whole miles', () => {
    expect(fuelInputSchema.parse({ ...valid, cardNumber: '0042', odometerReading: '412503' })).toMatchObject({ cardNumber: '0042', odometerReading: 412503 });
    expect(fuelInputSchema.parse({ ...valid, cardNumber: 7 }).cardNumber).toBe('7');
    for (const cardNumber of ['12345', '4111111111111111', '12a4', '-123', 12345, 1.5]) {
      expect(issues({ cardNumber })).toEqual({ cardNumber: ['Enter at most the last 4 digits of the card'] });
    }
    expect(issues({ odometerReading: '412503.5' })).toEqual({ odometerReading: ['Odometer reading must be a whole number of miles'] });
  });

  it("offers the spec's vendors in order, and keeps a vendor that is not one of them", () => {
    expect(FUEL_VENDORS).toEqual(['Pilot', "Love's", 'Shell', 'TA', 'Petro', 'Flying J', 'Speedway', 'Other']);
    expect(issues({ vendor: 'Casey’s' })).toEqual({});
    expect(issues({ fuelType: 'diesel', loadId: 'LD-1' })).toEqual({ fuelType: ['Fuel type is required'], loadId: ['Load not found'] });
  });
});
