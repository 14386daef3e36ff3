import type { Compiler } from '@rspack/core';

/**
 * The shop is written against React's API (react, react-dom, @types/react, and every library is
 * the React one: react-router, react-redux, RTK Query's hooks, react-hook-form, react-i18next) and
 * runs on Preact's compat runtime, in the browser and in jest (jest.preset.js maps the same names).
 *
 * Why: issue 14's first-load budget is 150 KB and react-dom 19 alone is 56 KB on the wire; with
 * the libraries the architecture prescribes around it the first screen was 180 KB. preact/compat
 * implements the same API in about 10 KB (docs/performance.md, round 4). Code keeps importing
 * 'react'; these aliases decide what that means in a build.
 *
 * What differs and is guarded against (docs/performance.md): effects run after paint, not inside
 * the commit; a controlled input is not reset by a change that leaves its state as it was.
 */
export const REACT_ALIASES: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

export class ReactRuntimePlugin {
  apply(compiler: Compiler) {
    compiler.options.resolve ??= {};
    const alias = (compiler.options.resolve.alias ??= {}) as Record<string, string | false | string[]>;
    // `name$` matches the bare name only: react-dom/server and friends are not used in the shop.
    for (const [name, target] of Object.entries(REACT_ALIASES)) alias[`${name}$`] = target;
  }
}
