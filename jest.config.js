/**
 * One jest run for the whole repository, in three projects:
 *  - unit:        `*.spec.ts(x)` beside the code, no services needed;
 *  - integration: `*.int-spec.ts` against the real Postgres and NATS (a fresh database per run);
 *  - e2e:         `e2e/*.e2e-spec.ts`, Chromium against the whole running system.
 * Everything is native ESM (NestJS 12 is ESM-only), hence ts-jest's ESM preset and --experimental-vm-modules. Tests
 * are compiled file by file without type-checking (tsconfig.test.json: isolatedModules): `npm run build` checks.
 */
const esm = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // @ant-design/icons' CommonJS build requires '@ant-design/colors/es/generate' (ES syntax), which jest cannot
    // require: point it at the CommonJS twin so anything using antd icons can be imported in a unit test.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: { ignoreCodes: [151002] } }],
  },
  testEnvironment: 'node',
  rootDir: '.',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

export default {
  projects: [
    { ...esm, displayName: 'unit', testMatch: ['<rootDir>/**/src/**/*.spec.ts', '<rootDir>/**/src/**/*.spec.tsx'], testPathIgnorePatterns: ['/node_modules/'] },
    {
      ...esm,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.int-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      // The system the suites that do not change it share, started on the first one's ask (sharedSystem()).
      globalSetup: '<rootDir>/svc-gateway/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/svc-gateway/test/support/global-teardown.mjs',
    },
    {
      ...esm,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      globalSetup: '<rootDir>/e2e/support/global-setup.mjs',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/timeout.mjs'],
    },
  ],
};
