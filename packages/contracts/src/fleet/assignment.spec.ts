import { ASSIGNMENT_TEXTS, driverNotes, readiness, truckNotes } from '../index.js';

describe('what a dispatcher sees before assigning', () => {
  it('names a driver’s status and expired credentials, and whether the driver is fit to go', () => {
    expect(driverNotes({ status: 'available', licenseExpiration: '2027-01-01', medicalCardExpiration: null }, '2026-11-26')).toEqual({ notes: ['Available'], fit: true });
    expect(driverNotes({ status: 'on-leave', licenseExpiration: '2026-11-25', medicalCardExpiration: '2026-11-01' }, '2026-11-26')).toEqual({
      notes: ['On Leave', 'CDL expired', 'Medical card expired'],
      fit: false,
    });
    // Expiring today is not expired yet (spec 4: negative days are), but warns, as does one within 30 days.
    expect(driverNotes({ status: 'on-duty', licenseExpiration: '2026-11-26' }, '2026-11-26')).toEqual({ notes: ['On Duty', 'CDL expires today'], fit: false });
    expect(driverNotes({ status: 'on-duty', medicalCardExpiration: '2026-12-17' }, '2026-11-26')).toEqual({ notes: ['On Duty', 'Medical card expires in 21 days'], fit: false });
    expect(driverNotes({ status: 'on-duty', licenseExpiration: '2026-11-27' }, '2026-11-26').notes).toEqual(['On Duty', 'CDL expires in 1 day']);
    expect(driverNotes({ status: 'on-duty', licenseExpiration: '2026-12-26', medicalCardExpiration: '2026-12-27' }, '2026-11-26')).toEqual({ notes: ['On Duty', 'CDL expires in 30 days'], fit: false });
    expect(driverNotes({ status: 'on-duty', licenseExpiration: '2026-12-27' }, '2026-11-26')).toEqual({ notes: ['On Duty'], fit: true });
    expect(driverNotes({ status: 'off-duty' }, '2026-11-26').fit).toBe(false);
  });

  it('names a truck’s status; in maintenance or out of service is not fit', () => {
    expect(truckNotes({ status: 'in-use' })).toEqual({ notes: ['In Use'], fit: true });
    expect(truckNotes({ status: 'out-of-service' })).toEqual({ notes: ['Out of Service'], fit: false });
    expect(truckNotes({ status: 'maintenance' }).fit).toBe(false);
    expect(ASSIGNMENT_TEXTS.warning('Dana Ruiz', ['On Leave', 'CDL expired'])).toBe('Dana Ruiz: On Leave, CDL expired. Check before assigning.');
  });
});

describe('the order of the choice lists', () => {
  it('puts drivers ready to go and trucks free first', () => {
    const drivers = ['on-leave', 'available', 'off-duty', 'on-duty'].sort((a, b) => readiness('drivers', a) - readiness('drivers', b));
    expect(drivers.slice(0, 2)).toEqual(['on-duty', 'available']);
    const trucks = ['maintenance', 'in-use', 'available', 'out-of-service'].sort((a, b) => readiness('trucks', a) - readiness('trucks', b));
    expect(trucks.slice(0, 2)).toEqual(['available', 'in-use']);
  });
});
