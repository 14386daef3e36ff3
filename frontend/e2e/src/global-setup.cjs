// Starts the devstack on a free port unless E2E_BASE_URL points at a running one, and waits for
// its readiness probe. The port travels to the tests through the environment.
const { spawn } = require('node:child_process');
const { get } = require('node:http');
const { createServer } = require('node:net');
const { mkdirSync, openSync, rmSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const repoRoot = resolve(__dirname, '..', '..', '..');
const READY_TIMEOUT_MS = 60_000;

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

// No keep-alive agent, so no idle socket holds jest open after the run. Ready means every
// backend serves: /readyz also answers 200 while a service is still migrating ("degraded").
function isReady(url) {
  return new Promise((done) => {
    const req = get(url, { agent: false, timeout: 2000 }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => done(res.statusCode === 200 && /"status":\s*"ok"/.test(body)));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(false));
  });
}

async function waitForReady(url, child) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`devstack exited with code ${child.exitCode}; see artifacts/e2e/devstack.log`);
    if (await isReady(url)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`devstack not ready within ${READY_TIMEOUT_MS / 1000}s at ${url}`);
}

/**
 * Starts a devstack on a free port with extra environment and waits until it is ready; its output
 * goes to artifacts/e2e/<logName>. Answers the child and its base URL.
 */
async function startDevstack(env = {}, logName = 'devstack.log') {
  const artifacts = join(repoRoot, 'artifacts', 'e2e');
  mkdirSync(artifacts, { recursive: true });
  const port = await freePort();
  const bin = resolve(repoRoot, process.env.DEVSTACK_BIN || 'bin/devstack');
  const log = openSync(join(artifacts, logName), 'w');
  const child = spawn(bin, [], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), FRONTEND_DIR: 'dist/frontend/shell', ...env },
    stdio: ['ignore', log, log],
  });
  child.on('error', (err) => console.error(`devstack could not start (${bin}): ${err.message}`));
  try {
    await waitForReady(`http://127.0.0.1:${port}/readyz`, child);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Stops a devstack started by startDevstack, SIGKILL after 10 s. */
async function stopDevstack(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timeout = new Promise((done) => setTimeout(() => done('timeout'), 10_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
}

module.exports = async function globalSetup() {
  mkdirSync(join(repoRoot, 'artifacts', 'e2e'), { recursive: true });
  // browser.cjs `timed` appends here; the teardown sums it up.
  writeFileSync(join(repoRoot, 'artifacts', 'e2e', 'timings.tsv'), '');
  rmSync(join(repoRoot, 'artifacts', 'e2e', 'axe-cache'), { recursive: true, force: true });
  if (process.env.E2E_BASE_URL) {
    await waitForReady(new URL('/readyz', process.env.E2E_BASE_URL).href);
    return;
  }
  const { child, base } = await startDevstack();
  globalThis.__DEVSTACK__ = child;
  process.env.E2E_BASE_URL = base;
};
module.exports.startDevstack = startDevstack;
module.exports.stopDevstack = stopDevstack;
