const nxPreset = require('@nx/jest/preset').default;

module.exports = {
  ...nxPreset,
  testEnvironment: require.resolve('./frontend/jest/jsdom-with-fetch.cjs'),
  // CI prints jest's summary; the HTML coverage report is only wanted on request.
  coverageReporters: ['text-summary'],
  // Specs run on the runtime the browser gets: Preact's compat module for React's names
  // (frontend/tools/react-runtime.ts; frontend/apps/shell/src/react-runtime.spec.ts keeps the two
  // lists equal). react-dom/test-utils is where Testing Library finds act().
  moduleNameMapper: {
    '^react$': 'preact/compat',
    '^react-dom$': 'preact/compat',
    '^react-dom/client$': 'preact/compat/client',
    '^react-dom/test-utils$': 'preact/test-utils',
    '^react/jsx-runtime$': 'preact/jsx-runtime',
    '^react/jsx-dev-runtime$': 'preact/jsx-runtime',
  },
};
