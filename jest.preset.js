const nxPreset = require('@nx/jest/preset').default;

module.exports = {
  ...nxPreset,
  testEnvironment: require.resolve('./frontend/jest/jsdom-with-fetch.cjs'),
  // CI prints jest's summary; the HTML coverage report is only wanted on request.
  coverageReporters: ['text-summary'],
};
