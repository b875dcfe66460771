import { activeNavPath, NAV_ITEMS, resolveRoute } from './routes.js';

describe('route table', () => {
  it('lists the sidebar items in the order of spec 2.2', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard', 'Loads', 'Fleet', 'Drivers', 'Customers', 'Safety',
      'Maintenance', 'Fuel', 'GPS Tracking', 'Accounting', 'Settlements',
    ]);
  });

  it.each([
    ['/', 'dispatch'],
    ['/loads', 'dispatch'],
    ['/customers', 'dispatch'],
    ['/fleet', 'fleet'],
    ['/drivers', 'fleet'],
    ['/maintenance', 'fleet'],
    ['/fuel', 'fleet'],
    ['/gps-tracking', 'fleet'],
    ['/accounting', 'accounting'],
    ['/settlements', 'accounting'],
    ['/safety', 'safety'],
  ])('sends %s to the %s remote', (path, remote) => {
    expect(resolveRoute(path)).toEqual({ kind: 'remote', remote, path });
  });

  it('treats a trailing slash as the same screen', () => {
    expect(resolveRoute('/fleet/')).toEqual({ kind: 'remote', remote: 'fleet', path: '/fleet' });
    expect(activeNavPath('/loads/')).toBe('/loads');
  });

  it('renders Settings in the shell itself', () => {
    expect(resolveRoute('/settings')).toEqual({ kind: 'settings' });
    expect(activeNavPath('/settings')).toBe('/settings');
  });

  it.each(['/nope', '/fleet/123', '/Loads-x', '/settings/profile'])('shows the 404 page for %s and highlights nothing', (path) => {
    expect(resolveRoute(path)).toEqual({ kind: 'not-found' });
    expect(activeNavPath(path)).toBeUndefined();
  });
});
