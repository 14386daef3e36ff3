/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

// react-router-dom, react-i18next, react-redux and @reduxjs/toolkit are shared between the shell and the remotes
// as short lists of names (frontend/tools/shared-modules/*.mjs, see module-federation.shared.ts). A name
// the code imports but the list lacks would be undefined at runtime in every app, so every import
// of the frontend is checked against it here.

const frontend = join(__dirname, '..', '..', '..');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|js|jsx|mjs|cjs)$/.test(name)) yield path;
  }
}

/** Names imported (not only as types) from a module in one source file. */
function importedNames(source: string, module: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${module.replace(/[/.]/g, '\\$&')}['"]`, 'g');
  for (const m of source.matchAll(pattern)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

const files = [...sources(join(frontend, 'apps')), ...sources(join(frontend, 'libs'))];

// RTK Query imports its names from the shared '@reduxjs/toolkit' too (the builds use these files).
const rtkQuery = ['query/rtk-query.modern.mjs', 'query/react/rtk-query-react.modern.mjs'].map((f) => join(frontend, '..', 'node_modules', '@reduxjs', 'toolkit', 'dist', f));

describe.each([
  ['react-router-dom', 'react-router-dom.mjs', [] as string[]],
  ['react-i18next', 'react-i18next.mjs', [] as string[]],
  ['@reduxjs/toolkit', 'reduxjs-toolkit.mjs', rtkQuery],
  ['react-redux', 'react-redux.mjs', rtkQuery],
])('shared %s', (module, slimFile, packageFiles) => {
  const slim = readFileSync(join(frontend, 'tools', 'shared-modules', slimFile), 'utf8');
  const exported = new Set([...slim.matchAll(/export\s*\{([^}]*)\}\s*from\s*'[^']+'/g)].flatMap((m) => m[1].split(',')).map((n) => n.trim()).filter(Boolean));

  it('exports every name the frontend (and the packages using it) imports from the package', () => {
    expect(exported.size).toBeGreaterThan(2);
    const missing = [...files, ...packageFiles].flatMap((file) => importedNames(readFileSync(file, 'utf8'), module).filter((n) => !exported.has(n)).map((n) => `${n} (${file.slice(frontend.length + 1)})`));
    expect(missing).toEqual([]);
  });
});

describe('react-router', () => {
  it('is the only way in: nothing imports react-router itself, which is not shared', () => {
    const direct = files.filter((file) => /from\s+['"]react-router['"]|import\(['"]react-router['"]\)/.test(readFileSync(file, 'utf8')));
    expect(direct.map((f) => f.slice(frontend.length + 1))).toEqual([]);
  });
});
