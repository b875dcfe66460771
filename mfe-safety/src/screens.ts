import type { RemoteScreens } from '@tms/ui';
import { SafetyPage } from './SafetyPage.js';

/** What this remote gives the shell: its screens by route. The shell renders them inside its layout. */
const screens: RemoteScreens = {
  '/safety': SafetyPage,
};

export default screens;
