import { maintenanceInputSchema, type MaintenanceRecord } from '@tms/contracts';
import { fieldErrors, validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { isOverdue, maintenanceTypeColor, nextService, truckLabel } from './maintenance-display.js';
import { maintenanceFormValues, maintenancePayload, maintenanceTexts } from './maintenance-form.js';

const record: MaintenanceRecord = {
  id: 'm1',
  truckId: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  maintenanceType: 'PM Service',
  serviceDate: '2027-03-04',
  mileage: 412503,
  cost: '1250.40',
  vendor: 'Rush Truck Centers',
  description: 'PM-B service',
  nextServiceMileage: 427503,
  nextServiceDate: '2027-06-04',
  status: 'Completed',
  invoiceNumber: 'RTC-20931',
  notes: null,
};

describe('maintenance dialog values', () => {
  it("opens 'Add Service Record' serviced today, Scheduled, with no truck or type chosen", () => {
    const values = maintenanceFormValues(null, dayjs('2027-03-04T15:30:00'));
    expect(values.serviceDate?.format('YYYY-MM-DD')).toBe('2027-03-04');
    expect(values).toMatchObject({ status: 'Scheduled', truckId: undefined, maintenanceType: undefined, mileage: null, cost: null });
    expect(maintenanceFormValues(null).serviceDate?.format('YYYY-MM-DD')).toBe(dayjs().format('YYYY-MM-DD'));
  });

  it("opens 'Edit Service Record' filled from the record and sends it back unchanged", () => {
    const { id, ...fields } = record;
    expect(maintenancePayload(maintenanceFormValues(record))).toEqual(fields);
  });

  it('sends mileages as numbers, the cost as the text typed, and empty optionals as null', () => {
    const payload = maintenancePayload({ ...maintenanceFormValues(record), cost: '0.10', mileage: null, vendor: '  ', nextServiceDate: null });
    expect(payload).toMatchObject({ cost: '0.10', mileage: null, vendor: null, nextServiceDate: null, nextServiceMileage: 427503 });
    expect(typeof payload.nextServiceMileage).toBe('number');
    expect(maintenanceInputSchema.parse(payload)).toMatchObject({ cost: '0.10', mileage: null, nextServiceMileage: 427503 });
  });

  it('shows the spec messages when the required fields are left empty', () => {
    const values = { ...maintenanceFormValues(null), serviceDate: null };
    const checked = validatePayload(maintenanceInputSchema, maintenancePayload(values));
    expect(checked.ok ? {} : checked.issues).toEqual({
      truckId: ['Truck is required'],
      maintenanceType: ['Maintenance type is required'],
      serviceDate: ['Service date is required'],
      cost: ['Cost is required'],
      description: ['Description is required'],
    });
  });

  it('shows a limit under its own field: a cost with three decimals, a mileage out of range', () => {
    const values = { ...maintenanceFormValues(record), cost: '12.345', nextServiceMileage: 10_000_000 };
    const checked = validatePayload(maintenanceInputSchema, maintenancePayload(values));
    const shown = fieldErrors(checked.ok ? {} : checked.issues, Object.keys(values)).filter(({ errors }) => errors.length);
    expect(shown).toEqual([
      { name: 'cost', errors: ['Enter an amount like 1234.50'] },
      { name: 'nextServiceMileage', errors: ['Must be between 0 and 9999999'] },
    ]);
  });

  it('says what spec 2.12 and 8 say', () => {
    expect(maintenanceTexts).toMatchObject({
      addButton: 'Add Service Record',
      searchPlaceholder: 'Search by truck number or vendor...',
      empty: 'No maintenance records found',
      emptyHint: 'Get started by adding your first service record',
      createTitle: 'Add Service Record',
      editTitle: 'Edit Service Record',
      createDescription: 'Record a new maintenance service',
      editDescription: 'Update maintenance details',
      createSubmit: 'Create',
      updateSubmit: 'Update',
      createFailed: 'Failed to record maintenance. Please try again.',
      updateFailed: 'Failed to update maintenance. Please try again.',
      deleteConfirm: 'Are you sure you want to delete this maintenance record?',
      deleteFailed: 'Failed to delete maintenance record. Please try again.',
      created: ['Maintenance recorded'],
      updated: ['Maintenance updated'],
      deleted: ['Maintenance deleted'],
    });
  });
});

describe('maintenance list display', () => {
  it("shows a truck as 'number - type', and each type in its colour, an unknown one gray", () => {
    expect(truckLabel({ truckNumber: 'T-101', type: 'Dry Van' })).toBe('T-101 - Dry Van');
    expect(maintenanceTypeColor('Brake Service')).toBe('red');
    expect(maintenanceTypeColor('Oil Change')).not.toBe(maintenanceTypeColor('PM Service'));
    expect(maintenanceTypeColor('Detailing')).toBe('gray');
    expect(maintenanceTypeColor('toString')).toBe('gray');
  });

  it('marks a next service overdue once its day has passed, not on the day itself', () => {
    expect(isOverdue('2027-03-03', '2027-03-04')).toBe(true);
    expect(isOverdue('2027-03-04', '2027-03-04')).toBe(false);
    expect(isOverdue(null, '2027-03-04')).toBe(false);
  });

  it("shows the next service's day and mileage in 'mi', or nothing ('-') when it has neither", () => {
    expect(nextService({ nextServiceDate: '2027-06-04', nextServiceMileage: 427503 }, '2027-03-04')).toEqual({ day: '2027-06-04', overdue: false, miles: '427,503 mi' });
    expect(nextService({ nextServiceDate: '2027-01-04', nextServiceMileage: null }, '2027-03-04')).toEqual({ day: '2027-01-04', overdue: true, miles: null });
    expect(nextService({ nextServiceDate: null, nextServiceMileage: 0 }, '2027-03-04')).toEqual({ day: null, overdue: false, miles: '0 mi' });
    expect(nextService({ nextServiceDate: null, nextServiceMileage: null })).toBeNull();
  });
});
