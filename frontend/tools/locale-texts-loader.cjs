// Loader behind `import('./locales/<code>?texts=first|rest')` (tools/locale-texts.ts): a language's
// texts split in two chunks, the groups the first screen shows (listed in locales/first-screen.json
// next to the language files) and all the others. The language files stay one object per
// language, as the translators and the key checks (i18n.spec.ts) know them; the split happens here.
const { readFileSync } = require('node:fs');
const { dirname, join, basename } = require('node:path');
const ts = require('typescript');

/** The module's exported texts, compiled and evaluated: a language file is data only. */
function evaluate(source, file) {
  const { outputText } = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  });
  const module = { exports: {} };
  const noImports = (name) => {
    throw new Error(`${file}: a language file imports ${name}; it must be data only (type imports are fine)`);
  };
  new Function('module', 'exports', 'require', outputText)(module, module.exports, noImports);
  return module.exports;
}

module.exports = function localeTexts(source) {
  const part = new URLSearchParams(this.resourceQuery.slice(1)).get('texts');
  if (part !== 'first' && part !== 'rest') throw new Error(`${this.resourcePath}: ?texts= must be first or rest, not ${part}`);
  const listFile = join(dirname(this.resourcePath), 'first-screen.json');
  this.addDependency(listFile);
  const first = new Set(JSON.parse(readFileSync(listFile, 'utf8')).groups);
  const exported = evaluate(source, this.resourcePath);
  const out = Object.entries(exported).map(([name, texts]) => {
    for (const group of first) {
      if (!(group in texts)) throw new Error(`${listFile}: group ${group} is not in ${basename(this.resourcePath)}`);
    }
    const picked = Object.fromEntries(Object.entries(texts).filter(([group]) => first.has(group) === (part === 'first')));
    return `export const ${name} = ${JSON.stringify(picked)};`;
  });
  return out.join('\n');
};
