// Shared helpers: Debian's Chromium through playwright-core, brand URLs, axe, screenshots.
const { chromium } = require('playwright-core');
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const repoRoot = resolve(__dirname, '..', '..', '..');
const ARTIFACTS = join(repoRoot, 'artifacts', 'e2e');
const AXE = require.resolve('axe-core/axe.min.js');

const BRANDS = [
  { slug: 'hostwerk', name: 'Hostwerk', withVat: true },
  { slug: 'alpenhost', name: 'Alpenhost', withVat: false },
];

async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** The origin that selects a brand in dev: <slug>.localhost on the devstack's port. */
function brandOrigin(slug) {
  const base = new URL(process.env.E2E_BASE_URL);
  base.hostname = `${slug}.localhost`;
  return base.origin;
}

/** Runs axe-core on the current page and returns its violations (summarised). */
async function axeViolations(page) {
  // Evaluated through the DevTools protocol: the gateway's CSP (rightly) refuses injected <script>s.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations;
}

async function screenshot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
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
  await page.waitForSelector('main h1');
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

/**
 * A page in a fresh context, which is a fresh session (cookie sid): an empty cart, the brand's
 * default locale. `errors` collects uncaught page errors.
 */
async function openPage(browser, slug, path) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${brandOrigin(slug)}${path}`);
  await settled(page);
  return { page, context, errors };
}

/** Switches the language with the header's switcher (a full reload) and waits for the screen. */
async function switchLanguage(page, label) {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: label, exact: true }).click()]);
  await settled(page);
}

module.exports = { launch, brandOrigin, axeViolations, screenshot, apiGet, apiSend, settled, openPage, switchLanguage, BRANDS, ARTIFACTS };
