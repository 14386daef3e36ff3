/**
 * @jest-environment node
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { createElement } from 'react';
import { createElement as preactCreateElement } from 'preact/compat';
import { REACT_ALIASES } from '../../../tools/react-runtime';

// The builds (tools/react-runtime.ts) and jest (jest.preset.js) must give React's names the same
// runtime, or the specs would test something the browser does not run.
describe('the React runtime', () => {
  it('is the same in the builds and in jest', () => {
    const preset = readFileSync(join(__dirname, '..', '..', '..', '..', 'jest.preset.js'), 'utf8');
    const mapped = Object.fromEntries([...preset.matchAll(/'\^([^']+)\$': '([^']+)'/g)].map((m) => [m[1], m[2]]));
    expect(mapped).toEqual(REACT_ALIASES);
  });

  it('is Preact in this very spec', () => {
    expect(createElement).toBe(preactCreateElement);
  });
});
