import type { RemoteScreens } from '@tms/ui';

/**
 * The screens this remote gives the shell, keyed by route path: Dashboard (/), Loads (/loads) and Customers (/customers).
 * Screens are added here as the domain lands; until then the shell shows its 404 page for these routes.
 */
const screens: RemoteScreens = {};

export default screens;
