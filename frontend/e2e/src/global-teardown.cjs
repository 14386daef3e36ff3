// Stops the devstack the setup started (and only that one), and prints where the suite's time went:
// the wall time of the checks browser.cjs times (axe, layout, screenshots), summed per kind.
const { existsSync, readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { stopDevstack } = require('./global-setup.cjs');

const TIMINGS = join(resolve(__dirname, '..', '..', '..'), 'artifacts', 'e2e', 'timings.tsv');

function summary() {
  if (!existsSync(TIMINGS)) return '';
  const kinds = new Map();
  for (const line of readFileSync(TIMINGS, 'utf8').split('\n')) {
    const [kind, ms] = line.split('\t');
    if (!kind) continue;
    const k = kinds.get(kind) ?? { calls: 0, ms: 0 };
    k.calls += 1;
    k.ms += Number(ms);
    kinds.set(kind, k);
  }
  return [...kinds].map(([kind, k]) => `${kind} ${(k.ms / 1000).toFixed(1)} s in ${k.calls} calls`).join(', ');
}

module.exports = async function globalTeardown() {
  await stopDevstack(globalThis.__DEVSTACK__);
  const line = summary();
  if (line) console.log(`\ne2e time in checks: ${line} (artifacts/e2e/timings.tsv)`);
};
