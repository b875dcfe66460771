import { createFrontendConfig } from '@tms/build/frontend-config';

export default createFrontendConfig({
  name: 'fleet',
  dir: import.meta.dirname,
  devPort: 3102,
  exposes: { './screens': './src/screens.ts' },
  title: 'TMS Fleet',
});
