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
  // Two files at a time, each with its own Chromium, against the one devstack (files that need
  // their own start it). One file at a time left a third of the two cores idle while pages loaded
  // and services answered: the whole suite took 573 s in band and 347 s with two workers on this
  // 2-core machine, 126 of 126 passing (Chromium is 83 % of the suite's CPU, the test files'
  // node 12 %, devstack 3 %). Sessions are per browser context, so files do not share state.
  maxWorkers: 2,
  transform: {},
};
