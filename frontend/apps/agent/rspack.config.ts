import { NxAppRspackPlugin } from '@nx/rspack/app-plugin.js';
import { NxReactRspackPlugin } from '@nx/rspack/react-plugin.js';
import { NxModuleFederationDevServerPlugin } from '@nx/module-federation/rspack';
import { join } from 'path';

import config from './module-federation.config';
import { FederationPlugin } from '../../tools/federation';
import { ModernSyntaxPlugin } from '../../tools/modern-syntax';
import { LocaleTextsPlugin } from '../../tools/locale-texts';

const production = process.env['NODE_ENV'] === 'production';

export default {
  // rspack-cli dev mode defaults this on; it breaks module federation.
  lazyCompilation: false,
  output: {
    path: join(__dirname, '../../../dist/frontend/apps/agent'),
    // 'auto' resolves chunks relative to remoteEntry.js, so the remote works under any sub-path
    // (the bundle serves it from /remotes/agent/).
    publicPath: 'auto',
  },
  devServer: {
    port: 4203,
    headers: { 'Access-Control-Allow-Origin': '*' },
  },
  plugins: [
    new NxAppRspackPlugin({
      tsConfig: './tsconfig.app.json',
      main: './src/main.ts',
      index: './src/index.html',
      baseHref: './',
      assets: [],
      styles: [],
      outputHashing: production ? 'all' : 'none',
      optimization: production,
    }),
    new NxReactRspackPlugin({ svgr: false }),
    new ModernSyntaxPlugin(),
    new LocaleTextsPlugin(),
    new FederationPlugin(config),
    new NxModuleFederationDevServerPlugin({ config }),
  ],
};
