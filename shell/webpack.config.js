import { createFrontendConfig } from '@tms/build/frontend-config';

// The host declares no remotes here: it registers them at run time from /runtime-config.json (src/remotes).
export default createFrontendConfig({ name: 'shell', dir: import.meta.dirname, devPort: 3100, title: 'TMS' });
