import type { RemoteScreens } from '@tms/ui';
import { DriversPage } from './drivers/DriversPage.js';
import { FuelPage } from './fuel/FuelPage.js';
import { GpsTrackingPage } from './gps/GpsTrackingPage.js';
import { MaintenancePage } from './maintenance/MaintenancePage.js';
import { TrucksPage } from './trucks/TrucksPage.js';

/** What this remote gives the shell: its screens by route. The shell renders them inside its layout. */
const screens: RemoteScreens = {
  '/fleet': TrucksPage,
  '/drivers': DriversPage,
  '/maintenance': MaintenancePage,
  '/fuel': FuelPage,
  '/gps-tracking': GpsTrackingPage,
};

export default screens;
