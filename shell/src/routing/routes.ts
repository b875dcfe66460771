/**
 * Spec 2.1 and 2.2: the signed-in routes, which micro-frontend owns each one, and the sidebar's order.
 * Plain data and functions, so the route table is tested without a browser.
 */
import type { RemoteName } from '@tms/contracts';

export interface NavItem {
  path: string;
  label: string;
  remote: RemoteName;
}

/** The sidebar's 'Operations' items, in the spec's order, each with the remote that renders it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', label: 'Dashboard', remote: 'dispatch' },
  { path: '/loads', label: 'Loads', remote: 'dispatch' },
  { path: '/fleet', label: 'Fleet', remote: 'fleet' },
  { path: '/drivers', label: 'Drivers', remote: 'fleet' },
  { path: '/customers', label: 'Customers', remote: 'dispatch' },
  { path: '/safety', label: 'Safety', remote: 'safety' },
  { path: '/maintenance', label: 'Maintenance', remote: 'fleet' },
  { path: '/fuel', label: 'Fuel', remote: 'fleet' },
  { path: '/gps-tracking', label: 'GPS Tracking', remote: 'fleet' },
  { path: '/accounting', label: 'Accounting', remote: 'accounting' },
  { path: '/settlements', label: 'Settlements', remote: 'accounting' },
];

/** The one route the shell renders itself; it sits in the sidebar's footer. */
export const SETTINGS_ITEM = { path: '/settings', label: 'Settings' } as const;

/** What the content area shows for a path. */
export type RouteTarget =
  | { kind: 'remote'; remote: RemoteName; path: string }
  | { kind: 'settings' }
  | { kind: 'not-found' };

/** '/fleet/' and '/fleet' are the same screen, as React Router treats them. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function resolveRoute(pathname: string): RouteTarget {
  const path = normalizePath(pathname);
  if (path === SETTINGS_ITEM.path) return { kind: 'settings' };
  const item = NAV_ITEMS.find((candidate) => candidate.path === path);
  return item ? { kind: 'remote', remote: item.remote, path: item.path } : { kind: 'not-found' };
}

/** The sidebar key to highlight for a path, or none (404). */
export function activeNavPath(pathname: string): string | undefined {
  const path = normalizePath(pathname);
  if (path === SETTINGS_ITEM.path) return path;
  return NAV_ITEMS.some((item) => item.path === path) ? path : undefined;
}
