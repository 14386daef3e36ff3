// Issue 14 "First load": what a visitor's browser fetches before /categories has rendered, measured
// in Chromium with an empty cache through the DevTools protocol's Network domain. Counted are the
// bytes on the wire (encodedDataLength at loadingFinished: compressed body plus response headers) of
// every script, stylesheet, JSON manifest and font requested until the categories screen is rendered
// and the network is idle; the page itself, images and API answers are listed but not counted.
// Fails above issue 24's budget of 165 KB, when a script or stylesheet is not served brotli-compressed
// with `Vary: Accept-Encoding`, when the agent remote (sales agents and draft customers only) is
// fetched for a visitor, or when a source map is. The breakdown and the margin to the budget go to
// artifacts/e2e/first-load.json.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { launch, brandOrigin, collectProblems, settled, BRANDS, ARTIFACTS } = require('./browser.cjs');

// Issue 24's budget: at most 165 KB before the first screen, on React's own runtime (react and
// react-dom 19; issue 14's 150 KB was met only on Preact's compat runtime). Figures and breakdown:
// docs/performance.md, "the shop's first load".
const TARGET_BYTES = 165 * 1024;
// How long the network must stay quiet after the screen rendered before the count is closed.
const IDLE_MS = 750;

let browser;
const report = { target_bytes: TARGET_BYTES, target_met: null, brands: {} };

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  writeFileSync(join(ARTIFACTS, 'first-load.json'), `${JSON.stringify(report, null, 2)}\n`);
});

/** Whether a response belongs to the budget (see the file comment). */
function counted(entry) {
  if (entry.path.startsWith('/api/')) return false;
  if (['Script', 'Stylesheet', 'Font'].includes(entry.type)) return true;
  return /\.json$/.test(entry.path) || /json/.test(entry.mimeType ?? '');
}

async function firstLoad(slug) {
  // A fresh context is an empty cache and a fresh session.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  const sentAcceptEncoding = new Map();
  let inFlight = 0;
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the request id: the earlier hop is replaced, its bytes are tiny.
    if (!requests.has(e.requestId)) inFlight++;
    const url = new URL(e.request.url);
    requests.set(e.requestId, {
      url: e.request.url,
      path: url.pathname,
      type: e.type,
      acceptEncoding: sentAcceptEncoding.get(e.requestId) ?? '',
      done: false,
    });
    touch();
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    // The headers Chromium really sent (its network stack adds Accept-Encoding); may arrive
    // before or after requestWillBeSent.
    const h = Object.fromEntries(Object.entries(e.headers).map(([k, v]) => [k.toLowerCase(), v]));
    sentAcceptEncoding.set(e.requestId, h['accept-encoding'] ?? '');
    const r = requests.get(e.requestId);
    if (r) r.acceptEncoding = h['accept-encoding'] ?? '';
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    r.status = e.response.status;
    r.mimeType = e.response.mimeType;
    r.contentEncoding = h['content-encoding'] ?? '';
    r.vary = h.vary ?? '';
    r.fromCache = Boolean(e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache);
    touch();
  });
  const finish = (e, failed) => {
    const r = requests.get(e.requestId);
    if (!r || r.done || !r.path) return;
    r.done = true;
    r.bytes = failed ? 0 : e.encodedDataLength;
    if (failed) r.failed = e.errorText;
    inFlight--;
    touch();
  };
  cdp.on('Network.loadingFinished', (e) => finish(e, false));
  cdp.on('Network.loadingFailed', (e) => finish(e, true));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const errors = collectProblems(page);
  await page.goto(`${brandOrigin(slug)}/categories`);
  await settled(page);
  await page.locator('main ul.hc-tiles > li').first().waitFor();
  const lang = await page.evaluate(() => document.documentElement.lang);
  const deadline = Date.now() + 20_000;
  while (inFlight > 0 || Date.now() - lastActivity < IDLE_MS) {
    if (Date.now() > deadline) throw new Error(`network not idle after 20 s: ${[...requests.values()].filter((r) => r.path && !r.done).map((r) => r.path)}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  await context.close();

  const entries = [...requests.values()].filter((r) => r.path);
  const files = entries.filter(counted).map((r) => ({
    file: r.path,
    type: r.type,
    bytes: r.bytes,
    encoding: r.contentEncoding || 'identity',
  }));
  files.sort((a, b) => b.bytes - a.bytes);
  const notCounted = entries.filter((r) => !counted(r)).map((r) => ({ file: r.path, type: r.type, bytes: r.bytes, encoding: r.contentEncoding || 'identity' }));
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  return { total, files, notCounted, entries, errors, lang };
}

describe.each(BRANDS)('$name', (brand) => {
  let load;

  beforeAll(async () => {
    load = await firstLoad(brand.slug);
    const overTarget = load.total - TARGET_BYTES;
    report.brands[brand.slug] = {
      total_bytes: load.total,
      over_target_bytes: Math.max(0, overTarget),
      target_met: overTarget <= 0,
      files: load.files,
      not_counted: load.notCounted,
    };
    report.target_met = Object.values(report.brands).every((b) => b.target_met);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const verdict = overTarget <= 0 ? `met, ${kb(-overTarget)} to spare` : `${kb(overTarget)} over it, NOT met`;
    console.log(
      [`first load of ${brand.slug}.localhost/categories: ${kb(load.total)}; budget ${kb(TARGET_BYTES)} (${verdict})`]
        .concat(load.files.map((f) => `  ${String(f.bytes).padStart(7)}  ${f.encoding.padEnd(8)} ${f.file}`))
        .concat(load.notCounted.map((f) => `  ${String(f.bytes).padStart(7)}  ${f.encoding.padEnd(8)} ${f.file} (${f.type}, not counted)`))
        .join('\n'),
    );
  });

  test('renders without errors and with every file loaded', () => {
    expect(load.errors).toEqual([]);
    const broken = load.entries.filter((r) => r.failed || r.status >= 400).map((r) => `${r.path}: ${r.failed ?? r.status}`);
    expect(broken).toEqual([]);
    expect(load.entries.filter((r) => r.fromCache).map((r) => r.path)).toEqual([]);
  });

  test('serves scripts and stylesheets brotli-compressed, varying by Accept-Encoding', () => {
    const assets = load.entries.filter((r) => !r.path.startsWith('/api/') && ['Script', 'Stylesheet'].includes(r.type));
    expect(assets.length).toBeGreaterThan(0);
    for (const r of assets) expect({ file: r.path, acceptsBr: /\bbr\b/.test(r.acceptEncoding) }).toEqual({ file: r.path, acceptsBr: true });
    const wrong = assets
      .filter((r) => r.contentEncoding !== 'br' || !/accept-encoding/i.test(r.vary))
      .map((r) => `${r.path}: Content-Encoding "${r.contentEncoding}", Vary "${r.vary}"`);
    expect(wrong).toEqual([]);
  });

  test('does not fetch the agent remote for a visitor', () => {
    expect(load.entries.filter((r) => r.path.startsWith('/remotes/agent/')).map((r) => r.path)).toEqual([]);
  });

  test('fetches the texts of one language only, the shop language (the other comes when the visitor switches)', () => {
    // The i18n library names each language's chunk locale-<code> (frontend/libs/shared/i18n).
    const locales = load.entries.map((r) => /^\/locale-([A-Za-z-]+)\.[0-9a-f]+\.js$/.exec(r.path)?.[1]).filter(Boolean);
    expect(locales).toEqual([load.lang]);
  });

  test('does not fetch source maps', () => {
    expect(load.entries.filter((r) => r.path.endsWith('.map')).map((r) => r.path)).toEqual([]);
  });

  test(`fetches at most ${TARGET_BYTES / 1024} KB before the first screen`, () => {
    expect(load.files.length).toBeGreaterThan(0);
    expect(load.total).toBeLessThanOrEqual(TARGET_BYTES);
  });
});
