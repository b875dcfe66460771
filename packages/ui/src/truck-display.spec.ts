import { vehicleDetails } from './truck-display.js';

describe('vehicleDetails', () => {
  it('reads year, make and model, leaving out the parts that are missing', () => {
    expect(vehicleDetails({ year: 2022, make: 'Freightliner', model: 'Cascadia' })).toBe('2022 Freightliner Cascadia');
    expect(vehicleDetails({ year: null, make: 'Volvo', model: 'VNL' })).toBe('Volvo VNL');
  });

  it('has nothing to show when all are missing', () => {
    expect(vehicleDetails({ year: null, make: null, model: '' })).toBeNull();
  });
});
