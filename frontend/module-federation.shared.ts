import type { ModuleFederationConfig, SharedLibraryConfig } from '@nx/module-federation';
import { join } from 'path';

// Packages that hold global state (React context, the router, the store, i18next's instance): a
// second copy inside a remote would silently get its own state (nrwl/nx#17914), so every app
// shares them as singletons. Workspace libraries (@hostcart/*) are shared by Nx automatically.
// In a build React's names are Preact's compat runtime (tools/react-runtime.ts). Shared by these
// names, the renderer's state (the component being rendered, the hooks' slots) lives in the
// shell's one copy of Preact: every way our code reaches Preact is one of these names, so no
// remote needs Preact's own names shared (a remote with its own copy would fail at its first
// hook). Preact itself is deliberately not shared: the card provider's component
// (@adyen/adyen-web) is written in Preact and keeps its own copy, untouched by compat's
// adjustments (onChange as input events, className).
export const singletons = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'i18next',
  'react-i18next',
];

// react-router-dom and react-i18next are shared as the short list of what the shop uses of them
// (tools/shared-modules/*.mjs), not as the whole package: a shared module is never tree-shaken.
// react-router is then not shared on its own; no code imports it directly
// (frontend/apps/shell/src/shared-modules.spec.ts checks both).
const slimmed: Record<string, string> = {
  'react-router-dom': join(__dirname, 'tools', 'shared-modules', 'react-router-dom.mjs'),
  'react-i18next': join(__dirname, 'tools', 'shared-modules', 'react-i18next.mjs'),
};
const notShared = ['react-router'];

const version = (pkg: string): string => require(`${pkg}/package.json`).version;

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
