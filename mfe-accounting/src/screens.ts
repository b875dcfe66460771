import type { RemoteScreens } from '@tms/ui';
import { AccountingPage } from './overview/AccountingPage.js';
import { SettlementsPage } from './settlements/SettlementsPage.js';

/** The screens this remote gives the shell, keyed by route path: Accounting (/accounting) and Driver Settlements (/settlements). */
const screens: RemoteScreens = {
  '/accounting': AccountingPage,
  '/settlements': SettlementsPage,
};

export default screens;
