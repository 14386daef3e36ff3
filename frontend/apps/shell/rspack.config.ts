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
    path: join(__dirname, '../../../dist/frontend/apps/shell'),
    // The shell answers every deep link (/products/x) with index.html, so its assets must be
    // addressed from the origin root, not relative to the current path.
    publicPath: '/',
  },
  devServer: {
    port: 4200,
    historyApiFallback: {
      index: '/index.html',
      disableDotRule: true,
      htmlAcceptHeaders: ['text/html', 'application/xhtml+xml'],
    },
    proxy: [{ context: ['/api'], target: process.env['API_URL'] ?? 'http://127.0.0.1:8080' }],
  },
  plugins: [
    new NxAppRspackPlugin({
      tsConfig: './tsconfig.app.json',
      main: './src/main.ts',
      index: './src/index.html',
      baseHref: '/',
      // The dev manifest points at the remotes' dev servers; `npm run build` replaces it.
      assets: ['./src/favicon.ico', './src/module-federation.manifest.json', './src/brands'],
      // styles.css is imported by bootstrap.tsx so it loads with the app chunk.
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
