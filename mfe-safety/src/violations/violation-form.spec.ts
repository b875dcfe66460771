import { violationInputSchema, type Violation } from '@tms/contracts';
import { validatePayload } from '@tms/ui';
import dayjs from 'dayjs';
import { violationFormValues, violationPayload, violationTexts } from './violation-form.js';

const violation: Violation = {
  id: 'v1',
  driverId: 'b5a1c7e2-1111-4a4a-9999-123456789abc',
  truckId: null,
  violationType: 'HOS',
  violationDate: '2027-03-04',
  location: 'I-55, Springfield, IL',
  description: 'Over 11 hours driving',
  status: 'Contested',
  citationNumber: 'CIT-4471',
  fineAmount: '375.00',
  points: 3,
  dueDate: '2027-04-03',
};

describe('violation dialog values', () => {
  it("opens 'Record Violation' pending, dated today, with 0 points and no fine or due date", () => {
    const values = violationFormValues(null, dayjs('2027-05-06T15:00:00'));
    expect(values).toMatchObject({ status: 'Pending', points: 0, fineAmount: null, dueDate: null, truckId: '' });
    expect(values.violationDate?.format('YYYY-MM-DD')).toBe('2027-05-06');
  });

  it("opens 'Edit Violation' filled from the violation and sends it back unchanged", () => {
    const { id, ...fields } = violation;
    expect(violationPayload(violationFormValues(violation))).toEqual(fields);
  });

  it('sends empty points as 0 and an empty fine, citation and due date as none', () => {
    const payload = violationPayload({ ...violationFormValues(violation), points: null, fineAmount: '', citationNumber: ' ', dueDate: null });
    expect(payload).toMatchObject({ points: 0, fineAmount: null, citationNumber: null, dueDate: null });
  });

  it('shows the spec messages when the required fields are left empty', () => {
    const checked = validatePayload(violationInputSchema, violationPayload(violationFormValues(null)));
    expect(checked.ok ? {} : checked.issues).toEqual({
      driverId: ['Driver is required'],
      violationType: ['Violation type is required'],
      location: ['Location is required'],
      description: ['Description is required'],
    });
  });

  it('says what spec 2.10 and 8 say for violations', () => {
    expect(violationTexts).toMatchObject({
      addButton: 'Record Violation',
      searchPlaceholder: 'Search violations...',
      empty: 'No violations found',
      emptyHint: 'No violations have been recorded',
      deleteConfirm: 'Are you sure you want to delete this violation?',
      deleteFailed: 'Failed to delete violation. Please try again.',
      createFailed: 'Failed to record violation\nPlease try again.',
      updateFailed: 'Failed to update violation\nPlease try again.',
    });
  });
});
