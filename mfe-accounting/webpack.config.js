import { createFrontendConfig } from '@tms/build/frontend-config';

export default createFrontendConfig({
  name: 'accounting',
  dir: import.meta.dirname,
  devPort: 3103,
  exposes: { './screens': './src/screens.ts' },
  title: 'TMS Accounting',
});
