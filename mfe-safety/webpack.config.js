import { createFrontendConfig } from '@tms/build/frontend-config';

export default createFrontendConfig({
  name: 'safety',
  dir: import.meta.dirname,
  devPort: 3104,
  exposes: { './screens': './src/screens.ts' },
  title: 'TMS Safety',
});
