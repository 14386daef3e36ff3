/**
 * @jest-environment node
 */
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { singletons, withSharedSingletons } from '../../../module-federation.shared';

// React's renderer keeps its state (the component being rendered, the hooks' slots) in module
// variables: the shell and every remote must use one copy of react and react-dom, and specs run on
// the same React the builds ship (no module mapping of React's names, as the Preact runtime had).
describe('React', () => {
  it('is shared between the shell and the remotes as a singleton', () => {
    const config = withSharedSingletons({ name: 'shell', remotes: [] });
    const shared = config.shared as (name: string, c: object) => { singleton?: boolean } | false;
    for (const name of ['react', 'react-dom', 'react-dom/client']) {
      expect(singletons).toContain(name);
      expect(shared(name, {})).toMatchObject({ singleton: true });
    }
  });

  it('has its stateless JSX runtime bundled into each app instead (one request less)', () => {
    const config = withSharedSingletons({ name: 'shell', remotes: [] });
    const shared = config.shared as (name: string, c: object) => unknown;
    expect(shared('react/jsx-runtime', {})).toBe(false);
  });

  it('is React 19 in the specs, react and react-dom of one version', () => {
    expect(version).toMatch(/^19\./);
    expect(domVersion).toBe(version);
  });
});
