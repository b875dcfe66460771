import { customerInputSchema, type Customer } from '@tms/contracts';
import { fieldErrors, validatePayload } from '@tms/ui';
import { customerFormValues, customerPayload, customerTexts } from './customer-form.js';

const customer: Customer = {
  id: 'c1',
  name: 'Great Lakes Cold Storage',
  email: 'logistics@greatlakescold.com',
  phone: '(773) 555-0142',
  address: '4100 S Packers Ave, Chicago, IL 60609',
  type: 'receiver',
  invoicing: 'factored',
  billingEmail: 'ap@greatlakescold.com',
  mcNumber: 'MC-889123',
  detentionFreeHours: '1.50',
  detentionRatePerHour: '55.00',
  detentionCapHours: null,
  billingIncrementMinutes: 30,
  layoverPerDay: null,
  tonuFlat: '250.00',
  stopOffPerStop: null,
  fuelSurchargePerMile: null,
};

describe('customer dialog values', () => {
  it('opens "Add Customer" empty, as a shipper', () => {
    expect(customerFormValues(null)).toMatchObject({ name: '', email: '', phone: '', address: '', type: 'shipper', invoicing: 'direct' });
    expect(customerFormValues(null)).toMatchObject({ detentionFreeHours: null, billingIncrementMinutes: null, tonuFlat: null });
  });

  it('opens "Edit Customer" filled from the customer and sends it back unchanged', () => {
    const { id, ...fields } = customer;
    expect(customerPayload(customerFormValues(customer))).toEqual(fields);
  });

  it('shows the spec messages for an empty customer with a bad e-mail', () => {
    const checked = validatePayload(customerInputSchema, customerPayload({ ...customerFormValues(null), email: 'shipping@' }));
    expect(checked.ok ? {} : checked.issues).toEqual({
      name: ['Name is required'],
      email: ['Invalid email address'],
      phone: ['Phone number is required'],
      address: ['Address is required'],
    });
  });

  it('shows a limit under its own field: a too-long name, a NUL in the address', () => {
    const values = { ...customerFormValues(customer), name: 'N'.repeat(201), address: 'Dock\u00001' };
    const checked = validatePayload(customerInputSchema, customerPayload(values));
    const shown = fieldErrors(checked.ok ? {} : checked.issues, Object.keys(values)).filter(({ errors }) => errors.length);
    expect(shown).toEqual([
      { name: 'name', errors: ['Must be at most 200 characters'] },
      { name: 'address', errors: ['Must not contain control characters'] },
    ]);
  });

  it('says what spec 2.4 and 8 say for customers', () => {
    expect(customerTexts.addButton).toBe('Add Customer');
    expect(customerTexts.empty).toBe('No customers found');
    expect(customerTexts.emptyHint).toBe('Get started by adding your first customer');
    expect(customerTexts.deleteConfirm).toBe('Are you sure you want to delete this customer?');
    expect(customerTexts.createFailed).toBe('Failed to add customer. Please try again.');
    expect(customerTexts.updateFailed).toBe('Failed to update customer. Please try again.');
    expect(customerTexts.deleteFailed).toBe('Failed to delete customer. Please try again.');
  });
});
