// Precompresses the assembled frontend: every script and stylesheet and every other text asset of at least MIN_BYTES gets a .br (brotli,
// highest quality) and a .gz (gzip -9) sibling, which the gateway serves with Content-Encoding when
// the browser accepts it (gateway/spa). Done once at build time so no request pays for compression.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';

const MIN_BYTES = 1024;
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.xml']);
// Scripts and stylesheets are always compressed, however small: the first-load check
// (frontend/e2e/src/first-load.e2e.cjs) expects every one of them with Content-Encoding.
const ALWAYS = new Set(['.js', '.mjs', '.css']);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

export function precompress(dir) {
  let raw = 0;
  let br = 0;
  let count = 0;
  for (const file of files(dir)) {
    if (!TEXT.has(extname(file)) || (!ALWAYS.has(extname(file)) && statSync(file).size < MIN_BYTES)) continue;
    const data = readFileSync(file);
    const brotli = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    raw += data.length;
    br += brotli.length;
    count++;
  }
  return { count, raw, br };
}
