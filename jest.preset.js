const nxPreset = require('@nx/jest/preset').default;

module.exports = {
  ...nxPreset,
  testEnvironment: require.resolve('./frontend/jest/jsdom-with-fetch.cjs'),
  // CI prints jest's summary; the HTML coverage report is only wanted on request.
  coverageReporters: ['text-summary'],
  setupFilesAfterEnv: [require.resolve('./frontend/jest/async-timeout.cjs')],
  // A build splits a language's texts into the first screen's and the rest
  // (frontend/tools/locale-texts-loader.cjs); specs get the whole language file for both.
  moduleNameMapper: {
    '^(\\..*/locales/[A-Za-z-]+)\\?texts=(first|rest)$': '$1',
  },
};
