// End-to-end tests in Debian's Chromium against the devstack (not an Nx test target on purpose:
// `npm test` stays fast; run these with `npm run e2e`). The file name keeps @nx/jest from
// inferring a project from it.
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.e2e.cjs'],
  globalSetup: '<rootDir>/src/global-setup.cjs',
  globalTeardown: '<rootDir>/src/global-teardown.cjs',
  testTimeout: 90_000,
  transform: {},
};
