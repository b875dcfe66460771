import type { RemoteScreens } from '@tms/ui';
import { DriversPage } from './drivers/DriversPage.js';
import { TrucksPage } from './trucks/TrucksPage.js';

/** What this remote gives the shell: its screens by route. The shell renders them inside its layout. */
const screens: RemoteScreens = {
  '/fleet': TrucksPage,
  '/drivers': DriversPage,
};

export default screens;
