// Stops the devstack the setup started (and only that one).
module.exports = async function globalTeardown() {
  const child = globalThis.__DEVSTACK__;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
};
