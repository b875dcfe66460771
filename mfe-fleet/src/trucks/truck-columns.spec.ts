import { vehicleDetails } from './truck-columns.js';

describe('Vehicle Details column', () => {
  it('reads year, make and model', () => {
    expect(vehicleDetails({ year: 2022, make: 'Freightliner', model: 'Cascadia' })).toBe('2022 Freightliner Cascadia');
  });

  it('leaves out the parts that are missing', () => {
    expect(vehicleDetails({ year: null, make: 'Volvo', model: 'VNL' })).toBe('Volvo VNL');
  });

  it("has nothing to show (the column says 'Not specified') when all are missing", () => {
    expect(vehicleDetails({ year: null, make: null, model: null })).toBeNull();
  });
});
