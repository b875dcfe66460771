import { fuelFormSchema, fuelInputSchema, type FuelPurchase } from '@tms/contracts';
import { fieldErrors, validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { formatThousandths, fuelTypeColor, fuelVendorColor } from './fuel-display.js';
import { computedTotalCost, fuelFormValues, fuelPayload, fuelTexts } from './fuel-form.js';

const purchase: FuelPurchase = {
  id: 'f1',
  truckId: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  driverId: '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70',
  loadId: null,
  transactionDate: '2027-03-04',
  vendor: "Love's",
  location: 'Joplin, MO',
  gallons: '125.500',
  pricePerGallon: '3.899',
  totalCost: '489.32',
  fuelType: 'Diesel',
  cardNumber: '0042',
  receiptNumber: 'R-558201',
  odometerReading: 412503,
  notes: null,
};

describe('fuel dialog values', () => {
  it("opens 'Add Fuel Purchase' dated today, with no load ('None') and no total yet", () => {
    const values = fuelFormValues(null, dayjs('2027-03-04T23:59:00'));
    expect(values.transactionDate?.format('YYYY-MM-DD')).toBe('2027-03-04');
    expect(values).toMatchObject({ loadId: '', gallons: null, pricePerGallon: null, totalCost: null, truckId: undefined, vendor: undefined });
  });

  it("opens 'Edit Fuel Purchase' filled from the purchase and sends it back unchanged", () => {
    const { id, ...fields } = purchase;
    expect(fuelPayload(fuelFormValues(purchase))).toEqual(fields);
  });

  it('works out Total Cost from what is typed, exactly, and none while a factor is missing', () => {
    expect(computedTotalCost({ gallons: '125.5', pricePerGallon: '3.899' })).toBe('489.32');
    expect(computedTotalCost({ gallons: '1.005', pricePerGallon: '1' })).toBe('1.01');
    expect(computedTotalCost({ gallons: '125.5', pricePerGallon: null })).toBeNull();
    // The payload's total is the one worked out, whatever the field held.
    expect(fuelPayload({ ...fuelFormValues(purchase), gallons: '100', totalCost: '489.32' }).totalCost).toBe('389.90');
  });

  it("sends 'None' as no load, empty optionals as null, the odometer as a number", () => {
    const payload = fuelPayload({ ...fuelFormValues(purchase), cardNumber: ' ', receiptNumber: '', odometerReading: null });
    expect(payload).toMatchObject({ loadId: null, cardNumber: null, receiptNumber: null, odometerReading: null, notes: null });
    expect(typeof fuelPayload(fuelFormValues(purchase)).odometerReading).toBe('number');
  });

  it('shows the spec messages when the required fields are left empty, Total cost among them', () => {
    const values = { ...fuelFormValues(null), transactionDate: null };
    const checked = validatePayload(fuelFormSchema, fuelPayload(values));
    expect(checked.ok ? {} : checked.issues).toEqual({
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

  it('shows a limit under its own field: a card number that is not 4 digits, gallons with 4 decimals', () => {
    const values = { ...fuelFormValues(purchase), cardNumber: '12a4', gallons: '12.3456' };
    const checked = validatePayload(fuelFormSchema, fuelPayload(values));
    const shown = fieldErrors(checked.ok ? {} : checked.issues, Object.keys(values)).filter(({ errors }) => errors.length);
    expect(shown).toEqual([
      { name: 'gallons', errors: ['Enter a number like 125.500'] },
      { name: 'totalCost', errors: ['Total cost is required'] },
      { name: 'cardNumber', errors: ['Enter at most the last 4 digits of the card'] },
    ]);
    expect(fuelInputSchema.safeParse(fuelPayload(fuelFormValues(purchase))).success).toBe(true);
  });

  it('says what spec 2.13 and 8 say', () => {
    expect(fuelTexts).toMatchObject({
      addButton: 'Add Fuel Purchase',
      searchPlaceholder: 'Search by truck, driver, vendor, or location...',
      empty: 'No fuel purchases found',
      emptyHint: 'Get started by recording your first fuel purchase',
      createTitle: 'Add Fuel Purchase',
      editTitle: 'Edit Fuel Purchase',
      createDescription: 'Record a new fuel purchase',
      editDescription: 'Update fuel transaction details',
      createSubmit: 'Create',
      updateSubmit: 'Update',
      createFailed: 'Failed to record fuel purchase. Please try again.',
      updateFailed: 'Failed to update fuel purchase. Please try again.',
      deleteConfirm: 'Are you sure you want to delete this fuel purchase?',
      deleteFailed: 'Failed to delete fuel purchase. Please try again.',
      created: ['Fuel purchase recorded'],
      updated: ['Fuel purchase updated'],
      deleted: ['Fuel purchase deleted'],
    });
  });
});

describe('fuel list display', () => {
  it('colours the vendors in option order, and any other vendor as Other', () => {
    expect(['Pilot', "Love's", 'Shell', 'TA', 'Petro', 'Flying J', 'Speedway', 'Other'].map(fuelVendorColor)).toEqual([
      'blue', 'red', 'yellow', 'green', 'purple', 'orange', 'amber', 'gray',
    ]);
    expect(fuelVendorColor('Casey’s')).toBe('gray');
    expect(fuelVendorColor('pilot')).toBe('gray');
    expect(fuelTypeColor('DEF')).not.toBe(fuelTypeColor('Diesel'));
  });

  it('shows gallons and prices to 3 decimals, thousands separated', () => {
    expect(formatThousandths('125.5')).toBe('125.500');
    expect(formatThousandths('1250.5')).toBe('1,250.500');
    expect(formatThousandths('3.899')).toBe('3.899');
  });
});
