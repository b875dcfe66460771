import { truckInputSchema, type Truck } from '@tms/contracts';
import { fieldErrors, validatePayload } from '@tms/ui';
import { truckFormValues, truckPayload, truckTexts } from './truck-form.js';

const truck: Truck = {
  id: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  truckNumber: 'T-101',
  type: 'Flatbed',
  status: 'in-use',
  licensePlate: 'TX-4821',
  vin: null,
  year: 2022,
  make: 'Volvo',
  model: null,
};

describe('truck dialog values', () => {
  it('opens "Add Truck" empty, with status Available', () => {
    const values = truckFormValues(null);
    expect(values.status).toBe('available');
    expect(values.truckNumber).toBe('');
    expect(values.type).toBeUndefined();
  });

  it('opens "Edit Truck" filled from the truck and sends it back unchanged', () => {
    const { id, ...fields } = truck;
    expect(truckPayload(truckFormValues(truck))).toEqual(fields);
  });

  it('sends empty optional fields as null and the year as a number', () => {
    const payload = truckPayload({ ...truckFormValues(null), truckNumber: 'T-9', type: 'Tanker', licensePlate: 'X', vin: '  ', year: 2019, make: '' });
    expect(payload).toMatchObject({ vin: null, year: 2019, make: null, model: null });
  });

  it('shows the spec messages when the required fields are left empty', () => {
    const checked = validatePayload(truckInputSchema, truckPayload(truckFormValues(null)));
    expect(checked.ok ? {} : checked.issues).toEqual({
      truckNumber: ['Truck number is required'],
      type: ['Type is required'],
      licensePlate: ['License plate is required'],
    });
  });

  it('shows a limit under its own field: a too-long truck number, a NUL in the plate, a year out of range', () => {
    const values = { ...truckFormValues(truck), truckNumber: 'T'.repeat(201), licensePlate: 'TX\u00004821', year: 20222 };
    const checked = validatePayload(truckInputSchema, truckPayload(values));
    const shown = fieldErrors(checked.ok ? {} : checked.issues, Object.keys(values)).filter(({ errors }) => errors.length);
    expect(shown).toEqual([
      { name: 'truckNumber', errors: ['Must be at most 200 characters'] },
      { name: 'licensePlate', errors: ['Must not contain control characters'] },
      { name: 'year', errors: [`Must be between 1900 and ${new Date().getFullYear() + 2}`] },
    ]);
  });

  it('says what spec 2.4 and 8 say for trucks', () => {
    expect(truckTexts.empty).toBe('No trucks found');
    expect(truckTexts.deleteConfirm).toBe('Are you sure you want to delete this truck?');
    expect(truckTexts.createFailed).toBe('Failed to add truck. Please try again.');
    expect(truckTexts.updateFailed).toBe('Failed to update truck. Please try again.');
    expect(truckTexts.deleteFailed).toBe('Failed to delete truck. Please try again.');
  });
});
