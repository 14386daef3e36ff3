// Puts the separately built apps into the one directory the gateway serves:
//   dist/frontend/shell/                      the shell (index.html and its assets)
//   dist/frontend/shell/remotes/<name>/       each remote
//   dist/frontend/shell/module-federation.manifest.json   remote name -> its remoteEntry.js
// Each remote stays a separate deployable: replacing one folder (and its manifest entry) updates
// it without rebuilding the shell.
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

export const REMOTES = ['flow', 'checkout', 'agent'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const built = join(root, 'dist', 'frontend', 'apps');
const out = join(root, 'dist', 'frontend', 'shell');

function requireBuilt(name) {
  const dir = join(built, name);
  if (!existsSync(join(dir, name === 'shell' ? 'index.html' : 'remoteEntry.js'))) {
    throw new Error(`${name} is not built (${dir}); run the build first`);
  }
  return dir;
}

rmSync(out, { recursive: true, force: true });
cpSync(requireBuilt('shell'), out, { recursive: true });

const manifest = {};
for (const name of REMOTES) {
  const dir = requireBuilt(name);
  // The standalone page of a remote is not part of the shop.
  cpSync(dir, join(out, 'remotes', name), { recursive: true, filter: (src) => !src.endsWith('index.html') });
  // The container's entry script (frontend/apps/shell/src/remotes.ts loads it).
  manifest[name] = `/remotes/${name}/remoteEntry.js`;
}
writeFileSync(join(out, 'module-federation.manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const packed = precompress(out);
console.log(
  `assembled ${out}: shell + ${REMOTES.join(', ')}; ${packed.count} files precompressed, ` +
    `${Math.round(packed.raw / 1024)} KB -> ${Math.round(packed.br / 1024)} KB brotli`,
);
