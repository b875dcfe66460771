import { createFrontendConfig } from '@tms/build/frontend-config';

export default createFrontendConfig({
  name: 'dispatch',
  dir: import.meta.dirname,
  devPort: 3101,
  exposes: { './screens': './src/screens.ts' },
  title: 'TMS Dispatch',
});
