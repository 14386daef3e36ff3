import { container, type Compiler } from '@rspack/core';
import type { ModuleFederationConfig, SharedLibraryConfig } from '@nx/module-federation';
import { dirname, join } from 'path';

type SharedConfig = {
  sharedLibraries?: { getReplacementPlugin(): { apply(compiler: Compiler): void } };
  sharedDependencies?: Record<string, SharedLibraryConfig>;
};

// Nx's computation of what to share (packages the project depends on, workspace libraries as
// source aliases): the package does not export it, so it is loaded from its file.
const nxFederation = join(dirname(require.resolve('@nx/module-federation/package.json')), 'dist', 'src', 'with-module-federation', 'rspack', 'utils');
const { getModuleFederationConfig } = require(nxFederation) as {
  getModuleFederationConfig(config: ModuleFederationConfig): SharedConfig;
};

/**
 * Module federation for the shell and its remotes with rspack's own container plugin (webpack 5's
 * original federation), not @module-federation/enhanced's runtime.
 *
 * Why: the enhanced runtime (plugin system, snapshots, preloading, version strategies) costs about
 * 40 KB brotli on the first screen, half of it in the shell and half again in every remoteEntry.js,
 * and the shop uses none of what it adds: remotes are found through our own runtime manifest
 * (frontend/apps/shell/src/remotes.ts) and share one scope of singletons. The container plugin's
 * runtime is a few hundred bytes per container, and a remote registers its shared modules only
 * when it is initialised, so nothing of a remote loads before its route is entered.
 *
 * What Nx's NxModuleFederationPlugin does besides choosing the runtime is kept: the shared
 * configuration of packages and workspace libraries (getModuleFederationConfig, with our
 * singletons from module-federation.shared.ts), the replacement plugin that makes every workspace
 * library resolve to one shared module, and the build settings federation needs.
 */
export class FederationPlugin {
  constructor(private readonly config: ModuleFederationConfig) {}

  apply(compiler: Compiler) {
    compiler.options.optimization ??= {};
    // One runtime per container: a separate runtime chunk would have to be loaded before the
    // remote's entry could run.
    compiler.options.optimization.runtimeChunk = false;
    const splitChunks = compiler.options.optimization.splitChunks;
    if (splitChunks) {
      splitChunks.cacheGroups ??= {};
      splitChunks.cacheGroups['default'] = false;
      splitChunks.cacheGroups['common'] = false;
    }
    // Containers on one page must not share chunk-loading globals.
    compiler.options.output.uniqueName = this.config.name;

    const { sharedLibraries, sharedDependencies } = getModuleFederationConfig(this.config);
    // Nx marks react, react-dom and the router eager, which puts a copy of them into every
    // remoteEntry.js. Every app starts behind an asynchronous import (main.ts -> bootstrap), so
    // nothing needs to be eager. No version checks between containers: every app is built from
    // the one package-lock.json, and 'react' is Preact's compat module in a build
    // (tools/react-runtime.ts), whose package version no library's React range would accept.
    const shared = Object.fromEntries(
      Object.entries(sharedDependencies ?? {}).map(([name, config]) => [name, { ...config, eager: false, requiredVersion: false, strictVersion: false }]),
    );
    new container.ModuleFederationPluginV1({
      name: this.config.name,
      filename: 'remoteEntry.js',
      // The entry assigns the container to window[name]; the shell's loader reads it there.
      library: { type: 'window', name: this.config.name },
      exposes: this.config.exposes,
      shared,
    }).apply(compiler);
    sharedLibraries?.getReplacementPlugin().apply(compiler);
  }
}
