import { loadInputSchema, type Load } from '@tms/contracts';
import { fieldErrors, validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { generatedLoadNumber, loadFormValues, loadPayload, loadTexts, withAssignment } from './load-form.js';

const load: Load = {
  id: 'l1',
  loadNumber: 'LD-1001',
  customerId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f',
  status: 'in-transit',
  pickupLocation: 'Chicago, IL',
  pickupDate: '2027-03-04',
  deliveryLocation: 'Dallas, TX',
  deliveryDate: '2027-03-06',
  rate: '2450.10',
  assignedDriverId: null,
  assignedTruckId: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  expenses: '310.20',
  weight: 42000,
  miles: 925,
  commodity: 'Frozen poultry',
  notes: null,
  stopCount: 2,
  stopsSummary: '',
};

describe('load dialog values', () => {
  it("opens 'Create Load' numbered LD- and the current timestamp, pending, with expenses 0 and weight 0", () => {
    const values = loadFormValues(null, 1767225600123);
    expect(values).toMatchObject({ loadNumber: 'LD-1767225600123', status: 'pending', expenses: '0', weight: 0, assignedDriverId: '', assignedTruckId: '' });
    expect(values.customerId).toBeUndefined();
    expect(values.pickupDate).toBeNull();
    expect(generatedLoadNumber()).toMatch(/^LD-\d{13}$/);
  });

  it("opens 'Edit Load' filled from the load and sends it back unchanged", () => {
    const values = loadFormValues(load);
    expect(values.pickupDate?.format('YYYY-MM-DD')).toBe('2027-03-04');
    const { id, stopCount, stopsSummary, ...fields } = load;
    expect(loadPayload(values)).toEqual(fields);
  });

  it('sends the loaded miles as a whole number, and none as null', () => {
    expect(loadFormValues(null).miles).toBeNull();
    expect(loadPayload(loadFormValues(load))).toMatchObject({ miles: 925 });
    expect(loadPayload({ ...loadFormValues(load), miles: null })).toMatchObject({ miles: null });
  });

  it('cuts timestamps to their calendar day', () => {
    const values = loadFormValues({ ...load, pickupDate: '2027-03-04T22:15:00.000Z', deliveryDate: '2027-03-06T00:00:00Z' });
    expect(loadPayload(values)).toMatchObject({ pickupDate: '2027-03-04', deliveryDate: '2027-03-06' });
  });

  it('sends money as the text typed, never as a number, and an empty weight as 0', () => {
    const payload = loadPayload({ ...loadFormValues(load), rate: '0.10', expenses: '0.20', weight: null });
    expect(payload).toMatchObject({ rate: '0.10', expenses: '0.20', weight: 0 });
    expect(typeof payload.rate).toBe('string');
    expect(loadInputSchema.parse(payload)).toMatchObject({ rate: '0.10', expenses: '0.20', weight: 0 });
  });

  it("sends 'None' as no assignment, empty optional texts as null and empty expenses as 0", () => {
    const payload = loadPayload({ ...loadFormValues(load), assignedTruckId: '', commodity: ' ', expenses: null });
    expect(payload).toMatchObject({ assignedDriverId: null, assignedTruckId: null, commodity: null, notes: null });
    expect(loadInputSchema.parse(payload).expenses).toBe('0.00');
  });

  it('shows the spec messages when the required fields are left empty', () => {
    const checked = validatePayload(loadInputSchema, loadPayload(loadFormValues(null)));
    expect(checked.ok ? {} : checked.issues).toEqual({
      customerId: ['Customer is required'],
      pickupLocation: ['Pickup location is required'],
      pickupDate: ['Pickup date is required'],
      deliveryLocation: ['Delivery location is required'],
      deliveryDate: ['Delivery date is required'],
      rate: ['Rate is required'],
    });
  });

  it('shows a limit under its own field: a rate with three decimals, a date in year 3000', () => {
    const values = { ...loadFormValues(load), rate: '12.345', deliveryDate: dayjs('3000-01-01') };
    const checked = validatePayload(loadInputSchema, loadPayload(values));
    const shown = fieldErrors(checked.ok ? {} : checked.issues, Object.keys(values)).filter(({ errors }) => errors.length);
    expect(shown).toEqual([
      { name: 'deliveryDate', errors: ['Must be between 1900-01-01 and 2999-12-31'] },
      { name: 'rate', errors: ['Enter an amount like 1234.50'] },
    ]);
  });

  it('says what spec 2.4 and 8 say for loads', () => {
    expect(loadTexts.addButton).toBe('Create Load');
    expect(loadTexts.empty).toBe('No loads found');
    expect(loadTexts.emptyHint).toBe('Get started by creating your first load');
    expect(loadTexts.deleteConfirm).toBe('Are you sure you want to delete this load?');
    expect(loadTexts.createFailed).toBe('Failed to create load. Please try again.');
    expect(loadTexts.updateFailed).toBe('Failed to update load. Please try again.');
    expect(loadTexts.deleteFailed).toBe('Failed to delete load. Please try again.');
  });
});

describe('choosing a driver and a truck', () => {
  const trucks: Record<string, string | null> = { d1: 't1', d2: null };
  const truckOf = (id: string) => trucks[id];
  it("fills in the driver's truck when none is chosen, and makes a pending load Assigned", () => {
    expect(withAssignment({ assignedDriverId: 'd1' }, { status: 'pending', assignedDriverId: 'd1', assignedTruckId: '' }, truckOf)).toEqual({ assignedTruckId: 't1', status: 'assigned' });
  });
  it('keeps a truck already chosen, and a status other than pending', () => {
    expect(withAssignment({ assignedDriverId: 'd1' }, { status: 'in-transit', assignedDriverId: 'd1', assignedTruckId: 't9' }, truckOf)).toEqual({});
    expect(withAssignment({ assignedDriverId: 'd1' }, { status: 'pending', assignedDriverId: 'd1', assignedTruckId: 't9' }, truckOf)).toEqual({ status: 'assigned' });
  });
  it('leaves a pending load pending while it lacks a driver or a truck', () => {
    expect(withAssignment({ assignedDriverId: 'd2' }, { status: 'pending', assignedDriverId: 'd2', assignedTruckId: '' }, truckOf)).toEqual({});
    expect(withAssignment({ assignedTruckId: 't1' }, { status: 'pending', assignedDriverId: '', assignedTruckId: 't1' }, truckOf)).toEqual({});
    expect(withAssignment({ rate: '10' }, { status: 'pending', assignedDriverId: 'd1', assignedTruckId: 't1' }, truckOf)).toEqual({});
  });
});
