import type { ModuleFederationConfig, SharedLibraryConfig } from '@nx/module-federation';

// Packages that hold global state (React context, the router, the store, i18next's instance): a
// second copy inside a remote would silently get its own state (nrwl/nx#17914), so every app
// shares them as singletons. Workspace libraries (@hostcart/*) are shared by Nx automatically.
export const singletons = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'i18next',
  'react-i18next',
];

export function withSharedSingletons(config: ModuleFederationConfig): ModuleFederationConfig {
  return {
    ...config,
    shared: (name: string, shared: SharedLibraryConfig) => {
      if (singletons.includes(name) || name.startsWith('@hostcart/')) {
        return { ...shared, singleton: true, strictVersion: false };
      }
      return shared;
    },
    additionalShared: singletons.map((name) => [name, { singleton: true, strictVersion: false }] as [string, SharedLibraryConfig]),
  };
}
