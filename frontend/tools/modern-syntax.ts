import type { Compiler } from '@rspack/core';

// Nx's rspack preset runs our TypeScript through swc without a target, and swc then emits ES5:
// async functions become generator state machines, classes and spread become helpers, and the
// code grows by about a fifth. The shop supports evergreen browsers only (tsconfig.base.json
// targets es2020 as well), so the apps are compiled for ES2020.
export const SYNTAX_TARGET = 'es2020';

export class ModernSyntaxPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEnvironment.tap('ModernSyntaxPlugin', () => {
      for (const rule of compiler.options.module.rules ?? []) {
        if (!rule || typeof rule !== 'object' || rule.loader !== 'builtin:swc-loader') continue;
        const options = (rule.options ?? {}) as { jsc?: Record<string, unknown>; env?: unknown };
        if (options.env) continue;
        rule.options = { ...options, jsc: { ...(options.jsc ?? {}), target: SYNTAX_TARGET } };
      }
    });
  }
}
