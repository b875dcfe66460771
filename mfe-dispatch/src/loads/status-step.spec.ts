import { deliveredEarlyQuestion, nextStatusStep } from './status-step.js';

describe('nextStatusStep', () => {
  it('steps pending (with a driver) to Assigned, then In Transit, then Delivered, and stops there', () => {
    expect(nextStatusStep({ status: 'pending', assignedDriverId: 'd' })).toEqual({ to: 'assigned', label: 'Mark Assigned' });
    expect(nextStatusStep({ status: 'assigned', assignedDriverId: 'd' })).toEqual({ to: 'in-transit', label: 'Mark In Transit' });
    expect(nextStatusStep({ status: 'in-transit', assignedDriverId: null })).toEqual({ to: 'delivered', label: 'Mark Delivered' });
    expect(nextStatusStep({ status: 'delivered', assignedDriverId: 'd' })).toBeUndefined();
    expect(nextStatusStep({ status: 'invoiced', assignedDriverId: 'd' })).toBeUndefined();
  });

  it('offers no Mark Assigned for a load nobody drives yet', () => {
    expect(nextStatusStep({ status: 'pending', assignedDriverId: null })).toBeUndefined();
  });
});

describe('deliveredEarlyQuestion', () => {
  const load = { loadNumber: 'LD-1', pickupDate: '2026-12-01', deliveryDate: '2026-12-04' };

  it('asks before the pickup date, and more than a day before the delivery date', () => {
    expect(deliveredEarlyQuestion(load, '2026-11-30')).toBe('LD-1 is picked up on 12/01/2026. Mark it delivered anyway?');
    expect(deliveredEarlyQuestion(load, '2026-12-02')).toBe('LD-1 is due for delivery on 12/04/2026. Mark it delivered anyway?');
  });

  it('does not ask from the day before delivery on', () => {
    expect(deliveredEarlyQuestion(load, '2026-12-03')).toBeUndefined();
    expect(deliveredEarlyQuestion(load, '2026-12-09')).toBeUndefined();
  });
});
