import { inspectionInputSchema, type Inspection } from '@tms/contracts';
import { validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { inspectionFormValues, inspectionPayload, inspectionTexts } from './inspection-form.js';

const inspection: Inspection = {
  id: 'i1',
  truckId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f',
  driverId: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  inspectionType: 'Roadside',
  inspectionDate: '2027-03-04',
  status: 'Failed',
  defects: 'Brake light out',
  notes: null,
  performedBy: 'Officer Diaz',
};

describe('inspection dialog values', () => {
  it("opens 'Record Inspection' pending, dated today, with nothing chosen", () => {
    const values = inspectionFormValues(null, dayjs('2027-05-06T15:00:00'));
    expect(values).toMatchObject({ status: 'Pending', truckId: undefined, driverId: undefined, inspectionType: undefined, defects: '' });
    expect(values.inspectionDate?.format('YYYY-MM-DD')).toBe('2027-05-06');
  });

  it("opens 'Edit Inspection' filled from the inspection and sends it back unchanged", () => {
    const { id, ...fields } = inspection;
    expect(inspectionPayload(inspectionFormValues(inspection))).toEqual(fields);
  });

  it('shows the spec messages when the required fields are left empty', () => {
    const checked = validatePayload(inspectionInputSchema, inspectionPayload({ ...inspectionFormValues(null), status: '', inspectionDate: null }));
    expect(checked.ok ? {} : checked.issues).toEqual({
      truckId: ['Truck is required'],
      driverId: ['Driver is required'],
      inspectionType: ['Inspection type is required'],
      inspectionDate: ['Inspection date is required'],
      status: ['Status is required'],
    });
  });

  it('says what spec 2.10 and 8 say for inspections', () => {
    expect(inspectionTexts).toMatchObject({
      addButton: 'Record Inspection',
      searchPlaceholder: 'Search inspections...',
      empty: 'No inspections found',
      emptyHint: 'Get started by recording your first inspection',
      deleteConfirm: 'Are you sure you want to delete this inspection?',
      deleteFailed: 'Failed to delete inspection. Please try again.',
      createFailed: 'Failed to record inspection\nPlease try again.',
      updateFailed: 'Failed to update inspection\nPlease try again.',
    });
  });
});
