// `npm test`: jest for every Nx project, then one plain total line ("N passed, N failed") so CI
// can read the result of all projects at once. Exit code is Nx's.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const args = ['nx', 'run-many', '-t', 'test', '--outputStyle=stream', '--parallel=2', ...process.argv.slice(2), '--', '--ci'];
const child = spawn('npx', args, {
  env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

let passed = 0;
let failed = 0;
let skipped = 0;
let pending = '';
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const raw of lines) {
    const line = stripVTControlCharacters(raw);
    const m = line.match(/Tests:\s+(.*)\btotal\b/);
    if (!m) continue;
    passed += Number(m[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(m[1].match(/(\d+) failed/)?.[1] ?? 0);
    skipped += Number(m[1].match(/(\d+) skipped/)?.[1] ?? 0);
  }
});

child.on('close', (code) => {
  console.log(`\nfrontend jest total:`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(code ?? 1);
});
