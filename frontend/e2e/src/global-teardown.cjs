// Stops the devstack the setup started (and only that one).
const { stopDevstack } = require('./global-setup.cjs');

module.exports = async function globalTeardown() {
  await stopDevstack(globalThis.__DEVSTACK__);
};
