import { ASSIGNMENT_TEXTS, driverNotes, truckNotes } from '../index.js';

describe('what a dispatcher sees before assigning', () => {
  it('names a driver’s status and expired credentials, and whether the driver is fit to go', () => {
    expect(driverNotes({ status: 'available', licenseExpiration: '2027-01-01', medicalCardExpiration: null }, '2026-11-26')).toEqual({ notes: ['Available'], fit: true });
    expect(driverNotes({ status: 'on-leave', licenseExpiration: '2026-11-25', medicalCardExpiration: '2026-11-01' }, '2026-11-26')).toEqual({
      notes: ['On Leave', 'CDL expired', 'Medical card expired'],
      fit: false,
    });
    // Expiring today is not expired yet (spec 4: negative days are).
    expect(driverNotes({ status: 'on-duty', licenseExpiration: '2026-11-26' }, '2026-11-26').fit).toBe(true);
    expect(driverNotes({ status: 'off-duty' }, '2026-11-26').fit).toBe(false);
  });

  it('names a truck’s status; in maintenance or out of service is not fit', () => {
    expect(truckNotes({ status: 'in-use' })).toEqual({ notes: ['In Use'], fit: true });
    expect(truckNotes({ status: 'out-of-service' })).toEqual({ notes: ['Out of Service'], fit: false });
    expect(truckNotes({ status: 'maintenance' }).fit).toBe(false);
    expect(ASSIGNMENT_TEXTS.warning('Dana Ruiz', ['On Leave', 'CDL expired'])).toBe('Dana Ruiz: On Leave, CDL expired. Check before assigning.');
  });
});
