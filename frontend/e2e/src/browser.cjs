// Shared helpers: Debian's Chromium through playwright-core, brand URLs, axe, screenshots.
const { chromium } = require('playwright-core');
const { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const repoRoot = resolve(__dirname, '..', '..', '..');
const ARTIFACTS = join(repoRoot, 'artifacts', 'e2e');
const AXE = require.resolve('axe-core/axe.min.js');
let axeSource;

/**
 * Runs fn and appends how long it took to artifacts/e2e/timings.tsv (kind, ms, test file), so a run
 * shows what the suite's minutes go to (global-teardown.cjs prints the sums).
 */
async function timed(kind, fn) {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    const file = globalThis.expect?.getState?.().testPath ?? '';
    appendFileSync(join(ARTIFACTS, 'timings.tsv'), `${kind}\t${Math.round(performance.now() - start)}\t${file.split('/').pop()}\n`);
  }
}

const BRANDS = [
  { slug: 'hostwerk', name: 'Hostwerk', withVat: true },
  { slug: 'alpenhost', name: 'Alpenhost', withVat: false },
];

/**
 * Chromium's headless mode opens every page in a browser window with its top chrome, and Chromium
 * 156 prewarms that window's omnibox popup, a WebUI page with its own renderer: measured here, it
 * doubled the CPU a new page of the shop costs (a fresh context's first screen 1.9 s of Chromium
 * CPU with it, 1.0 s without; the suite opens hundreds). No test looks at the address bar.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * The features Playwright disables by default (its chromiumSwitches list, in the bundle of the
 * pinned playwright-core). Chromium keeps only the last --disable-features it is given, so ours
 * must repeat Playwright's, or the browser would run with its HTTPS upgrades, storage
 * partitioning and the rest Playwright turns off. A playwright-core whose bundle no longer reads
 * this way stops the suite here rather than launching a different browser.
 */
let playwrightDisabledFeatures;
function defaultDisabledFeatures() {
  if (playwrightDisabledFeatures) return playwrightDisabledFeatures;
  const bundle = readFileSync(require.resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = bundle.match(/\bdisabledFeatures = \[([^\]]*)\]/);
  const names = list ? [...list[1].matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1]) : [];
  if (!names.includes('HttpsUpgrades')) throw new Error('playwright-core: its default --disable-features list was not found in lib/coreBundle.js (browser.cjs defaultDisabledFeatures)');
  playwrightDisabledFeatures = names;
  return names;
}

async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...defaultDisabledFeatures(), ...OMNIBOX_POPUP_FEATURES].join(',')}`,
    ],
  });
}

/** The origin that selects a brand in dev: <slug>.localhost on the devstack's port. */
function brandOrigin(slug) {
  const base = new URL(process.env.E2E_BASE_URL);
  base.hostname = `${slug}.localhost`;
  return base.origin;
}

/**
 * What the layout must not do (issue 14): a document wider than the viewport (sideways scrolling),
 * a visible button, link or form control covered by another element (elementFromPoint at its
 * centre, scrolled into view), a block whose text runs out of its box, and a translation with an
 * interpolation left unfilled. Answers a list of findings, empty when the screen is fine.
 * `overlay` (a selector) names an open popover that is meant to lie over the page: what it covers
 * is not a finding, its own controls still are.
 */
async function layoutFindings(page, { overlay } = {}) {
  return timed('layout', () => layoutFindingsIn(page, overlay));
}

async function layoutFindingsIn(page, overlay) {
  return page.evaluate(async (overlaySelector) => {
    const overlayEl = overlaySelector ? document.querySelector(overlaySelector) : null;
    const out = [];
    const describe = (el) => {
      const label = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label}"`;
    };
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) out.push(`document ${overflow}px wider than the viewport`);
    const scrollX = window.scrollX;
    const scrollY = window.scrollY;
    const controls = [...document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"]')];
    for (const el of controls) {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width < 1 || box.height < 1 || el.closest('[aria-hidden="true"], [inert]')) continue;
      // Visually hidden inputs (custom checkboxes and radios) are operated through their label.
      if (box.width <= 1 || box.height <= 1 || style.opacity === '0' || style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit) || hit.contains(el) || (hit.tagName === 'LABEL' && hit.control === el)) continue;
      if (overlayEl && overlayEl.contains(hit) && !overlayEl.contains(el)) continue;
      out.push(`${describe(el)} covered by ${describe(hit)}`);
    }
    window.scrollTo(scrollX, scrollY);
    for (const el of document.querySelectorAll('main *, header *, footer *')) {
      const style = getComputedStyle(el);
      if (!['block', 'flex', 'grid', 'table-cell', 'list-item', 'inline-block'].includes(style.display) || style.overflowX !== 'visible') continue;
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && el.childElementCount === 0 && el.textContent.trim() !== '') {
        out.push(`text of ${describe(el)} overflows its box by ${el.scrollWidth - el.clientWidth}px`);
      }
    }
    const text = document.body.innerText;
    const unfilled = text.match(/\{\{[^}]*\}\}/);
    if (unfilled) out.push(`unfilled interpolation ${unfilled[0]}`);
    // A key with no text in any language renders as ⟦key⟧ (shared-i18n missingKeyMarker).
    const missing = text.match(/⟦[^⟧]*⟧/);
    if (missing) out.push(`missing text ${missing[0]}`);
    return out;
  }, overlay ?? null);
}

/** Runs axe-core on the current page and returns its violations (summarised). */
async function axeViolations(page) {
  return timed('axe', () => axeViolationsIn(page));
}

async function axeViolationsIn(page) {
  // A fade (spec §9, 400 ms) is checked at its end: mid-fade, text has not its contrast yet.
  // Endless animations (loading skeletons) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // The same state of the same document (markup with its inline styles and stylesheet links,
  // viewport, scroll position, focus) gives axe the same answer: a walk that comes back to a screen
  // another walk (of either worker) already checked in this run reuses its answer
  // (artifacts/e2e/axe-cache, emptied by global-setup.cjs). About one call in twenty.
  const key = await page.evaluate(async () => {
    const active = document.activeElement;
    const state = [document.documentElement.outerHTML, innerWidth, innerHeight, scrollX, scrollY, active ? active.outerHTML.slice(0, 200) : ''].join('\u0000');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(state));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  });
  const cached = join(ARTIFACTS, 'axe-cache', `${key}.json`);
  if (existsSync(cached)) {
    await timed('axe-hit', async () => undefined);
    return JSON.parse(readFileSync(cached, 'utf8'));
  }
  // Evaluated through the DevTools protocol: the gateway's CSP (rightly) refuses injected <script>s.
  // Once per document: a navigation inside the shop keeps it, a new document needs it again.
  if (!(await page.evaluate(() => typeof globalThis.axe?.run === 'function'))) {
    axeSource ??= readFileSync(AXE, 'utf8');
    await timed('axe-inject', () => page.evaluate(axeSource));
  }
  const violations = await page.evaluate(async () => {
    // axe-core, evaluated above, defines itself on the page's global object.
    // No preload: it fetches and parses every stylesheet again for css-orientation-lock, a rule
    // axe keeps off by default (experimental), and the media preload has no audio or video here.
    const result = await globalThis.axe.run(document, { resultTypes: ['violations'], preload: false });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  mkdirSync(join(ARTIFACTS, 'axe-cache'), { recursive: true });
  // Written beside and renamed, so the other worker never reads half an answer.
  writeFileSync(`${cached}.${process.pid}`, JSON.stringify(violations));
  renameSync(`${cached}.${process.pid}`, cached);
  return violations;
}

async function screenshot(page, name) {
  await timed('screenshot', () => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }));
}

/** GET /api/v2<path> from inside the page, so the brand's Host and the session apply. */
async function apiGet(page, path) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api/v2${p}`, { credentials: 'include' });
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
    return res.json();
  }, path);
}

/**
 * A mutating call to /api/v2<path> from inside the page (the brand's Host and the session apply),
 * with the double-submit CSRF header the gateway asks for; answers the JSON body.
 */
async function apiSend(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
      const res = await fetch(`/api/v2${p}`, {
        method: m,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(token) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      if (!res.ok) throw new Error(`${m} ${p}: HTTP ${res.status} ${await res.text()}`);
      return res.json();
    },
    [method, path, body],
  );
}

/** Waits until the shell rendered a screen: no skeleton left inside <main>. */
async function settled(page) {
  // The URL changes before the screen does (navigations are transitions, the previous screen stays
  // until the next has loaded): wait until the committed screen is the URL's. The shell sets
  // data-path when a screen commits (route-screen.tsx); pages outside the shop have none. A loaded
  // CI run read the payment screen's heading after the URL had turned to /confirm.
  await page.waitForFunction(() => {
    const shown = document.documentElement.dataset.path;
    return shown === undefined || shown === location.pathname;
  });
  await page.waitForSelector('main h1');
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

/** The problem lists of the pages collectProblems watches, each with what an earlier test saw. */
let watched = [];
// Registered in every test file that loads this module (jest's globals; not in global setup).
if (typeof afterEach === 'function') {
  afterEach(() => {
    const found = watched.flatMap((w) => w.problems.slice(w.from));
    for (const w of watched) w.from = w.problems.length;
    watched = watched.filter((w) => !w.page.isClosed());
    expect({ 'problems of the test\'s pages': found }).toEqual({ 'problems of the test\'s pages': [] });
  });
}

/** Whether url is one of the shop's brand origins (<slug>.localhost on the devstack's port). */
function isShop(url) {
  try {
    const u = new URL(url);
    return u.hostname.endsWith('.localhost') && u.port === new URL(process.env.E2E_BASE_URL).port;
  } catch {
    return false;
  }
}

/**
 * What no walk may log (issue 23: no error in the browser console on any walk): uncaught page
 * errors, console errors (a refused request is one) and failed requests of the shop's pages, and
 * every 4xx/5xx answer of /api, named with its method and path. The pages of the providers'
 * sandboxes and of the login authority (other origins) are not the shop's. `allow` lists what a
 * test provokes on purpose, each `{ pattern, reason }`: a problem whose text matches pattern is
 * not recorded (the reason says why, where the test states it). Answers the list; a test may
 * assert it, and after every test what its pages recorded is asserted empty (watched below), so no
 * walk of a file that opens its pages with this helper goes unchecked.
 */
function collectProblems(page, allow = []) {
  const problems = [];
  watched.push({ page, problems, from: 0 });
  const record = (text) => {
    if (!allow.some(({ pattern }) => pattern.test(text))) problems.push(text);
  };
  page.on('pageerror', (err) => record(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && isShop(page.url())) record(`console: ${msg.text()} (${msg.location()?.url ?? ''})`);
  });
  page.on('requestfailed', (req) => {
    // A navigation away cancels what is still loading: that is not a failure of the shop.
    if (req.failure()?.errorText === 'net::ERR_ABORTED' || !isShop(req.url())) return;
    record(`requestfailed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (isShop(res.url()) && url.pathname.startsWith('/api/') && res.status() >= 400) record(`HTTP ${res.status()}: ${res.request().method()} ${url.pathname}${url.search}`);
  });
  return problems;
}

/**
 * An `allow` entry of collectProblems for an answer the test provokes: `status` to `method` of
 * /api/v2<path> (path a regular expression's source), as each of its lines reads: the answer,
 * Chromium's console line for it and the shop's own log of a failed call (a 5xx).
 */
function provoked(status, method, path, reason) {
  return { pattern: new RegExp(`^HTTP ${status}: ${method} /api/v2${path}$|status of ${status} .*/api/v2${path}\\)$|^console: failed call \\{method: ${method}, url: ${path}, status: ${status}\\}`), reason };
}

/**
 * A page in a fresh context, which is a fresh session (cookie sid): an empty cart, the brand's
 * default locale. `errors` collects what the page must not log (collectProblems; `allow` as there).
 */
async function openPage(browser, slug, path, { allow = [] } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectProblems(page, allow);
  await page.goto(`${brandOrigin(slug)}${path}`);
  await settled(page);
  return { page, context, errors };
}

/** Switches the language with the header's switcher (a full reload) and waits for the screen. */
async function switchLanguage(page, label) {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: label, exact: true }).click()]);
  await settled(page);
}

module.exports = { timed, launch, brandOrigin, collectProblems, provoked, axeViolations, layoutFindings, screenshot, apiGet, apiSend, settled, openPage, switchLanguage, BRANDS, ARTIFACTS };
