import { loadRoute } from './load-display.js';

describe('load route', () => {
  it('reads pickup, an arrow, delivery', () => {
    expect(loadRoute({ pickupLocation: 'Chicago, IL', deliveryLocation: 'Dallas, TX' })).toBe('Chicago, IL → Dallas, TX');
  });
});
