import type { RemoteScreens } from '@tms/ui';
import { CustomersPage } from './customers/CustomersPage.js';
import { DashboardPage } from './dashboard/DashboardPage.js';
import { LoadsPage } from './loads/LoadsPage.js';

/** What this remote gives the shell: its screens by route. The shell renders them inside its layout. */
const screens: RemoteScreens = {
  '/': DashboardPage,
  '/loads': LoadsPage,
  '/customers': CustomersPage,
};

export default screens;
