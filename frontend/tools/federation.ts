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
      // A package used by one chunk only stays in it: split off, it is one more request on the
      // first load (about 0.4 KB of headers and wrapper each), most often for a shared module's
      // fallback chunk that holds nothing but the import of the package (the slimmed lists of
      // module-federation.shared.ts). Packages several chunks use still get a chunk of their own.
      splitChunks.cacheGroups['defaultVendors'] = { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true, minChunks: 2 };
    }
    // Eight hex digits of content hash are plenty to tell two builds of a file apart (the gateway
    // treats 8 or more as hashed, gateway/spa); each digit more is incompressible bytes in the
    // chunk maps of main.js and every remoteEntry.js.
    for (const key of ['filename', 'chunkFilename'] as const) {
      const name = compiler.options.output[key];
      if (typeof name === 'string') compiler.options.output[key] = name.replace(/\[contenthash:\d+\]/, '[contenthash:8]');
    }
    // Containers on one page must not share chunk-loading globals.
    compiler.options.output.uniqueName = this.config.name;

    const { sharedLibraries, sharedDependencies } = getModuleFederationConfig(this.config);
    // Nx marks react, react-dom and the router eager, which puts a copy of them into every
    // remoteEntry.js. Every app starts behind an asynchronous import (main.ts -> bootstrap), so
    // nothing needs to be eager. No version checks between containers: every app is built from
    // the one package-lock.json, so there is one version of each shared package to choose from.
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
