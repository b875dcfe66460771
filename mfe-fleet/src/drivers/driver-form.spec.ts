import { driverInputSchema, type Driver } from '@tms/contracts';
import { fieldErrors, validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { driverFormValues, driverPayload, driverTexts, PAY_RATE_INPUTS } from './driver-form.js';

const driver: Driver = {
  id: 'd1',
  name: 'John Smith',
  email: 'john@example.com',
  phone: '(555) 123-4567',
  licenseNumber: 'CDL-1',
  status: 'on-duty',
  licenseExpiration: '2027-03-31',
  medicalCardNumber: 'MED-9',
  medicalCardExpiration: null,
  assignedTruckId: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  payType: 'perMile',
  payRate: '0.655',
  perStopPay: '25.00',
  detentionSharePercent: '50.00',
};

describe('driver dialog values', () => {
  it('opens "Add Driver" empty, available and assigned to no truck', () => {
    const values = driverFormValues(null);
    expect(values.status).toBe('available');
    expect(values.assignedTruckId).toBe('');
    expect(values.licenseExpiration).toBeNull();
  });

  it('opens "Edit Driver" filled from the driver, dates in the pickers, and sends it back unchanged', () => {
    const values = driverFormValues(driver);
    expect(values.licenseExpiration?.format('YYYY-MM-DD')).toBe('2027-03-31');
    const { id, ...fields } = driver;
    expect(driverPayload(values)).toEqual(fields);
  });

  it('opens with no pay rule, and sends none (and no rate) for the None pay type', () => {
    expect(driverFormValues(null)).toMatchObject({ payType: '', payRate: null });
    expect(driverPayload({ ...driverFormValues(driver), payType: '' })).toMatchObject({ payType: null, payRate: null });
    expect(driverPayload({ ...driverFormValues(driver), payType: 'percent', payRate: ' 28.00 ' })).toMatchObject({ payType: 'percent', payRate: '28.00' });
  });

  it('sends pay per extra stop and the detention share as typed, and none when left empty (issue 43)', () => {
    expect(driverPayload({ ...driverFormValues(driver), perStopPay: ' 30.5 ', detentionSharePercent: '' })).toMatchObject({ perStopPay: '30.5', detentionSharePercent: null });
    expect(driverInputSchema.safeParse(driverPayload({ ...driverFormValues(driver), detentionSharePercent: '100.01' })).error?.issues[0]).toMatchObject({ path: ['detentionSharePercent'] });
    expect(driverInputSchema.parse(driverPayload({ ...driverFormValues(driver), perStopPay: '30.5', detentionSharePercent: '12.5' }))).toMatchObject({ perStopPay: '30.50', detentionSharePercent: '12.50' });
  });

  it("shows the rate in its type's unit, in steps of its decimals", () => {
    expect(PAY_RATE_INPUTS).toEqual({ percent: { unit: '%', step: '0.01' }, perMile: { unit: '$/mi', step: '0.001' }, perLoad: { unit: '$/load', step: '0.01' } });
  });

  it("sends 'None' as no assigned truck and empty optional fields as null", () => {
    const payload = driverPayload({ ...driverFormValues(driver), assignedTruckId: '', medicalCardNumber: ' ', licenseExpiration: null });
    expect(payload).toMatchObject({ assignedTruckId: null, medicalCardNumber: null, licenseExpiration: null });
  });

  it('shows the spec messages for a driver without name, phone or license and with a bad e-mail', () => {
    const checked = validatePayload(driverInputSchema, driverPayload({ ...driverFormValues(null), email: 'john@' }));
    expect(checked.ok ? {} : checked.issues).toEqual({
      name: ['Name is required'],
      email: ['Invalid email address'],
      phone: ['Phone number is required'],
      licenseNumber: ['License number is required'],
    });
  });

  it('shows a limit under its own field: a too-long name or e-mail, a date in year 3000', () => {
    const values = {
      ...driverFormValues(driver),
      name: 'N'.repeat(201),
      email: `${'j'.repeat(250)}@example.com`,
      licenseExpiration: dayjs('3000-01-01'),
    };
    const checked = validatePayload(driverInputSchema, driverPayload(values));
    const shown = fieldErrors(checked.ok ? {} : checked.issues, Object.keys(values)).filter(({ errors }) => errors.length);
    expect(shown).toEqual([
      { name: 'name', errors: ['Must be at most 200 characters'] },
      { name: 'email', errors: ['Must be at most 254 characters'] },
      { name: 'licenseExpiration', errors: ['Must be between 1900-01-01 and 2999-12-31'] },
    ]);
  });

  it('says what spec 2.4 and 8 say for drivers', () => {
    expect(driverTexts.emptyHint).toBe('Get started by adding your first driver');
    expect(driverTexts.deleteConfirm).toBe('Are you sure you want to delete this driver?');
    expect(driverTexts.createFailed).toBe('Failed to add driver. Please try again.');
  });
});
