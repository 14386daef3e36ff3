import type { Compiler } from '@rspack/core';

/**
 * Splits a language's texts into the first screen's groups and the rest at build time
 * (tools/locale-texts-loader.cjs, for `import('./locales/<code>?texts=first|rest')` in
 * @hostcart/shared-i18n): the first screen fetches only its own texts (issue 24, first load).
 * Jest maps the same imports to the whole language file (jest.preset.js).
 */
export class LocaleTextsPlugin {
  apply(compiler: Compiler) {
    compiler.options.module.rules ??= [];
    compiler.options.module.rules.push({
      test: /[\\/]locales[\\/][A-Za-z-]+\.ts$/,
      resourceQuery: /(^|[?&])texts=/,
      // Before swc: the loader compiles the language file itself and hands swc plain JavaScript.
      enforce: 'pre',
      loader: require.resolve('./locale-texts-loader.cjs'),
    });
  }
}
