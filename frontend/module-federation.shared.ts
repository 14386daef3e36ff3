import type { ModuleFederationConfig, SharedLibraryConfig } from '@nx/module-federation';
import { join } from 'path';

// Packages that hold global state (React context, the router, the store, i18next's instance): a
// second copy inside a remote would silently get its own state (nrwl/nx#17914), so every app
// shares them as singletons. Workspace libraries (@hostcart/*) are shared by Nx automatically.
// React's names are shared too, so the renderer's state (the component being rendered, the hooks'
// slots) lives in the shell's one copy of react and react-dom: a remote with its own copy would
// fail at its first hook. The card provider's component (@adyen/adyen-web) is written in Preact
// and brings its own copy, which nothing else uses.
export const singletons = [
  'react',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'i18next',
  'react-i18next',
];

// react-router-dom, react-i18next, react-redux and @reduxjs/toolkit are shared as the short list
// of what the shop (and RTK Query) uses of them (tools/shared-modules/*.mjs), not as
// the whole package: a shared module is never tree-shaken. react-router is then not shared on its
// own; no code imports it directly (frontend/apps/shell/src/shared-modules.spec.ts checks both).
const slimmed: Record<string, string> = {
  'react-router-dom': join(__dirname, 'tools', 'shared-modules', 'react-router-dom.mjs'),
  'react-i18next': join(__dirname, 'tools', 'shared-modules', 'react-i18next.mjs'),
  '@reduxjs/toolkit': join(__dirname, 'tools', 'shared-modules', 'reduxjs-toolkit.mjs'),
  'react-redux': join(__dirname, 'tools', 'shared-modules', 'react-redux.mjs'),
};

// Not shared, so bundled (and tree-shaken) into each app that uses them: react-router (see above),
// and code without state of its own, where sharing only costs: a shared module is a request of its
// own and never tree-shaken. react/jsx-runtime builds element objects (about 0.3 KB); the pricing
// and domain-search rules are pure functions, of which the shell's shared UI needs one formatter
// (the whole pricing library was 2 KB on the first screen); analytics pushes to window.dataLayer.
// The phone and IBAN checks' libraries are pure too, and only the checkout's screens load them (the phone's
// on demand): shared, they were listed in every remoteEntry.js, the first screen's too, and never tree-shaken.
const notShared = [
  'react-router',
  'react/jsx-runtime',
  '@hostcart/shared-util-pricing',
  '@hostcart/shared-util-domain-search',
  '@hostcart/shared-util-analytics',
  'libphonenumber-js',
  'libphonenumber-js/max',
  'ibantools',
];

// The version of the package a name belongs to (@reduxjs/toolkit/query: @reduxjs/toolkit's).
const version = (name: string): string => {
  const pkg = name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');
  return require(`${pkg}/package.json`).version;
};

function singleton(name: string): SharedLibraryConfig {
  const config: SharedLibraryConfig = { singleton: true, strictVersion: false };
  if (slimmed[name]) return { ...config, import: slimmed[name], version: version(name), requiredVersion: false } as SharedLibraryConfig;
  return config;
}

export function withSharedSingletons(config: ModuleFederationConfig): ModuleFederationConfig {
  return {
    ...config,
    shared: (name: string, shared: SharedLibraryConfig) => {
      if (notShared.includes(name)) return false;
      if (singletons.includes(name) || name.startsWith('@hostcart/')) {
        return { ...shared, ...singleton(name) };
      }
      return shared;
    },
    additionalShared: singletons.map((name) => [name, singleton(name)] as [string, SharedLibraryConfig]),
  };
}
