import type { RemoteScreens } from '@tms/ui';
import { DriversPage } from './drivers/DriversPage.js';
import { FuelPage } from './fuel/FuelPage.js';
import { MaintenancePage } from './maintenance/MaintenancePage.js';
import { TrucksPage } from './trucks/TrucksPage.js';

/** What this remote gives the shell: its screens by route. The shell renders them inside its layout. */
const screens: RemoteScreens = {
  '/fleet': TrucksPage,
  '/drivers': DriversPage,
  '/maintenance': MaintenancePage,
  '/fuel': FuelPage,
};

export default screens;
