import { renderStandalone } from '@tms/ui/standalone';
import screens from './screens.js';

// This remote on its own, for its team's development; the shell loads ./screens instead.
renderStandalone(screens);
