/**
 * @jest-environment node
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';

// react-router-dom is shared between the shell and the remotes as a short list of names
// (frontend/tools/shared-modules/react-router-dom.mjs, see module-federation.shared.ts). A name
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

describe.each(['react-router-dom', 'react-i18next'])('shared %s', (module) => {
  const slim = readFileSync(join(frontend, 'tools', 'shared-modules', `${module}.mjs`), 'utf8');
  const exported = new Set((/export\s*\{([^}]*)\}\s*from\s*'[^']+'/.exec(slim)?.[1] ?? '').split(',').map((n) => n.trim()).filter(Boolean));

  it('exports every name the frontend imports from the package', () => {
    expect(exported.size).toBeGreaterThan(2);
    const missing = files.flatMap((file) => importedNames(readFileSync(file, 'utf8'), module).filter((n) => !exported.has(n)).map((n) => `${n} (${file.slice(frontend.length + 1)})`));
    expect(missing).toEqual([]);
  });
});

describe('react-router', () => {
  it('is the only way in: nothing imports react-router itself, which is not shared', () => {
    const direct = files.filter((file) => /from\s+['"]react-router['"]|import\(['"]react-router['"]\)/.test(readFileSync(file, 'utf8')));
    expect(direct.map((f) => f.slice(frontend.length + 1))).toEqual([]);
  });
});
