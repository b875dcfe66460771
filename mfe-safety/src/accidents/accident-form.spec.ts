import { accidentInputSchema, type Accident } from '@tms/contracts';
import { validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { accidentFormValues, accidentPayload, accidentTexts } from './accident-form.js';

const accident: Accident = {
  id: 'a1',
  driverId: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  truckId: '6f1c2b7e-3d4a-4c5b-9e8f-0a1b2c3d4e5f',
  loadId: null,
  accidentDate: '2027-03-04',
  location: 'I-80 near Joliet, IL',
  severity: 'Moderate',
  description: 'Sideswiped while merging',
  status: 'Under Investigation',
  injuriesReported: 1,
  policeReportNumber: 'PR-2027-118',
  insuranceClaimNumber: null,
  estimatedCost: '8400.10',
};

describe('accident dialog values', () => {
  it("opens 'Report Accident' reported today, with no injuries, no truck and no load", () => {
    const values = accidentFormValues(null, dayjs('2027-05-06T15:00:00'));
    expect(values).toMatchObject({ status: 'Reported', injuriesReported: 0, truckId: '', loadId: '', estimatedCost: null, severity: undefined });
    expect(values.accidentDate?.format('YYYY-MM-DD')).toBe('2027-05-06');
  });

  it("opens 'Edit Accident' filled from the accident and sends it back unchanged, the cost as text", () => {
    const { id, ...fields } = accident;
    const payload = accidentPayload(accidentFormValues(accident));
    expect(payload).toEqual(fields);
    expect(typeof payload.estimatedCost).toBe('string');
  });

  it("sends 'None' as no truck or load, and empty injuries as 0", () => {
    const payload = accidentPayload({ ...accidentFormValues(accident), truckId: '', injuriesReported: null, estimatedCost: null });
    expect(payload).toMatchObject({ truckId: null, loadId: null, injuriesReported: 0, estimatedCost: null });
    expect(accidentInputSchema.parse(payload)).toMatchObject({ injuriesReported: 0, estimatedCost: null });
  });

  it('shows the spec messages when the required fields are left empty', () => {
    const checked = validatePayload(accidentInputSchema, accidentPayload(accidentFormValues(null)));
    expect(checked.ok ? {} : checked.issues).toEqual({
      driverId: ['Driver is required'],
      location: ['Location is required'],
      severity: ['Severity is required'],
      description: ['Description is required'],
    });
  });

  it('says what spec 2.10 and 8 say for accidents', () => {
    expect(accidentTexts).toMatchObject({
      addButton: 'Report Accident',
      searchPlaceholder: 'Search accidents...',
      empty: 'No accidents found',
      emptyHint: 'No accidents have been reported',
      deleteConfirm: 'Are you sure you want to delete this accident record?',
      deleteFailed: 'Failed to delete accident. Please try again.',
      createFailed: 'Failed to report accident\nPlease try again.',
      updateFailed: 'Failed to update accident\nPlease try again.',
    });
  });
});
