import { truckInputSchema } from '@tms/contracts';
import { ApiError } from './api.js';
import { fieldErrors, requiredFields, serverFieldIssues, validatePayload } from './form-validation.js';

describe('form validation', () => {
  it("gives the spec's message for each missing required field", () => {
    const checked = validatePayload(truckInputSchema, { truckNumber: ' ', type: '', status: 'available', licensePlate: '' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.truckNumber).toEqual(['Truck number is required']);
    expect(checked.issues.type).toEqual(['Type is required']);
    expect(checked.issues.licensePlate).toEqual(['License plate is required']);
    expect(checked.issues.status).toBeUndefined();
  });

  it('clears the message of every field without an issue and shows one message per field', () => {
    expect(fieldErrors({ truckNumber: ['first', 'second'], elsewhere: ['x'] }, ['truckNumber', 'vin'])).toEqual([
      { name: 'truckNumber', errors: ['first'] },
      { name: 'vin', errors: [] },
    ]);
  });

  it("shows a duplicate truck number (409) under the field, but nothing for a server that is down", () => {
    const duplicate = new ApiError(
      409,
      JSON.stringify({
        message: 'A truck with this truck number already exists',
        issues: { truckNumber: ['A truck with this truck number already exists'] },
      }),
    );
    expect(serverFieldIssues(duplicate)).toEqual({ truckNumber: ['A truck with this truck number already exists'] });
    expect(serverFieldIssues(new ApiError(503, 'Service Unavailable'))).toEqual({});
    expect(serverFieldIssues(new TypeError('Failed to fetch'))).toEqual({});
  });

  it("marks the schema's required fields", () => {
    expect([...requiredFields(truckInputSchema)].sort()).toEqual(['licensePlate', 'status', 'truckNumber', 'type']);
  });
});
