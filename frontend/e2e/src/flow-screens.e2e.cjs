// Issue 23 "Screens" in Chromium against devstack, for both brands in German, on a product that
// needs a domain (WordPress, is_domainrequired 1):
// - the domain lookup offers no "Ohne Domain weiter" for it and says why "Weiter" waits;
// - changing the term and the interval logs no console error and no request fails (the former
//   404 of /api/v2/promotions/AUTO-…), checked over the whole walk;
// - the extras screen at 1280, 1024 and 390 px: the cards take the main column (at least 60 % of
//   the page's width at 1280 and 1024) with "Ihre Auswahl" beside them at the top, stacked under
//   them on a phone; no sideways scrolling, axe-clean; screenshots
//   artifacts/e2e/screens-<brand>-addons-<width>.png;
// - a domain chosen afterwards for the configured item (the cart's missing-domain link, the extras
//   screen's domain question) leads back to the cart and keeps its term, interval and extras: no
//   period or extras screen is shown again.
const { launch, apiGet, apiSend, brandOrigin, layoutFindings, axeViolations, screenshot, settled } = require('./browser.cjs');

let browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
jest.setTimeout(180_000);

/** Seed products (services/catalog/seed/brands) that need a domain: terms 12 and 24 months, a recommended extra. */
const WORDPRESS = { hostwerk: 1011, alpenhost: 2004 };
/** The sandbox registry answers names starting with "free" as available. */
const name = (slug, n) => `free-screens-${slug}-${n}`;

/** Two frames: the layout after a resize has been applied and painted. */
const frames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Page errors, console errors and failed requests of the shop (a 4xx/5xx answer of /api/v2 is
 * logged by Chromium as a console error too; named here with its method and path).
 */
function collectProblems(page) {
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${msg.location()?.url ?? ''})`);
  });
  page.on('requestfailed', (req) => {
    // A navigation away cancels what is still loading: that is not a failure of the shop.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`requestfailed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.request().method()} ${url.pathname}${url.search}`);
  });
  return problems;
}

/** The paths the page's main frame showed, in order. */
function collectPaths(page) {
  const paths = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

async function visit(page, slug, path) {
  await page.goto(`${brandOrigin(slug)}${path}`);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await settled(page);
}

async function itemOf(page, rowId) {
  const { cart } = await apiGet(page, '/session/cart');
  const item = cart.items.find((i) => i.row_id === rowId);
  expect(item).toBeTruthy();
  return item;
}

/** What the customer configured: term, interval and extras of the item. */
const configuration = (item) => ({ maturity: item.product.maturity_id, interval: item.product.interval_id, addons: item.addons.map((a) => [a.id, a.maturity_id, a.interval_id]).sort() });

/** Searches `sld` on the lookup, chooses the exact result and waits until the side note lists it. */
async function chooseDomain(page, sld) {
  const field = page.getByRole('search').getByRole('textbox');
  await field.fill(sld);
  await field.press('Enter');
  const exact = page.locator('[data-testid="domain-exact"] li[data-status]').first();
  await exact.waitFor();
  const domain = await exact.getAttribute('data-domain');
  await exact.getByRole('button', { name: `${domain} auswählen` }).click();
  await page.getByTestId('domain-side-note').getByText(domain, { exact: true }).waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
  return domain;
}

/** Boxes of the extras screen's page, cards column and selection, relative to the viewport. */
async function addonsBoxes(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
    };
    return {
      page: box(document.querySelector('main .hc-addons-page')),
      cards: box(document.querySelector('main [data-testid="addons-main"]')),
      note: box(document.querySelector('main .hc-note-box')),
    };
  });
}

describe.each(['hostwerk', 'alpenhost'])('%s', (slug) => {
  test('domain required, term change without errors, extras layout, a later domain keeps the configuration', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = collectProblems(page);
    const paths = collectPaths(page);
    await visit(page, slug, '/categories');
    const { row_id: rowId } = await apiSend(page, 'POST', '/session/cart/items', { product_id: WORDPRESS[slug] });
    expect(rowId).toMatch(/^[a-z0-9]{32}$/);

    // The lookup of a product that needs a domain: no way on without one.
    await visit(page, slug, `/domains/lookup?id=${rowId}`);
    const note = page.getByTestId('domain-side-note');
    await note.getByTestId('domain-required-hint').waitFor();
    expect(await note.getByRole('button', { name: 'Ohne Domain weiter' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ohne Domain weiter' }).count()).toBe(0);
    expect(await note.getByRole('button', { name: 'Weiter', exact: true }).isDisabled()).toBe(true);
    const first = await chooseDomain(page, name(slug, 'a'));
    expect(await note.getByTestId('domain-required-hint').count()).toBe(0);
    expect(await note.getByRole('button', { name: 'Ohne Domain weiter' }).count()).toBe(0);

    // The first walk goes on with the term and the interval; each is changed (issue 23: changing
    // the term must not log a failing promotion lookup).
    await note.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/periods/maturity');
    await settled(page);
    await page.locator('main [data-testid="period-tile"][aria-pressed="false"]').first().click();
    await page.waitForURL((url) => url.pathname === '/periods/interval');
    await settled(page);
    await page.locator('main [data-testid="period-tile"][aria-pressed="false"]').first().click();
    await page.waitForURL((url) => url.pathname === '/addons');
    await settled(page);

    // The extras screen's layout.
    const findings = [];
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await frames(page);
      const layout = await layoutFindings(page);
      if (layout.length > 0) findings.push({ width, layout });
      if (width !== 1024) {
        const violations = await axeViolations(page);
        if (violations.length > 0) findings.push({ width, violations });
      }
      const { page: content, cards, note: selection } = await addonsBoxes(page);
      if (width >= 1024) {
        // Cards in the main column, the selection a side column beside them at the top.
        expect(cards.width / content.width).toBeGreaterThanOrEqual(0.6);
        expect(selection.left).toBeGreaterThanOrEqual(cards.right);
        expect(Math.abs(selection.top - cards.top)).toBeLessThan(8);
      } else {
        // Stacked: the cards use the full width, the selection follows them.
        expect(cards.width / content.width).toBeGreaterThan(0.95);
        expect(selection.top).toBeGreaterThanOrEqual(cards.bottom);
      }
      await screenshot(page, `screens-${slug}-addons-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await frames(page);
    expect(findings).toEqual([]);

    // An extra, then on to the cart.
    const offered = page.locator('main article.hc-card').filter({ has: page.getByRole('button', { name: 'Auswählen', exact: true }) }).first();
    // The card by its name: once chosen it no longer has an "Auswählen" button.
    const extra = page.getByRole('article', { name: (await offered.locator('h3').textContent()).trim(), exact: true });
    await extra.getByRole('button', { name: 'Auswählen', exact: true }).click();
    await extra.getByRole('button', { name: 'Ausgewählt', exact: true }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await settled(page);
    const configured = configuration(await itemOf(page, rowId));
    expect(configured.addons.length).toBeGreaterThan(0);

    // The domain goes; the cart's missing-domain link leads to the item's lookup, and the new
    // domain back to the cart, with the term, interval and extras as they were.
    await apiSend(page, 'DELETE', `/session/cart/domains/${first}`);
    await visit(page, slug, '/cart');
    await page.locator('#hc-cart-domain-missing a').click();
    await page.waitForURL((url) => url.pathname === '/domains/lookup' && url.searchParams.get('id') === rowId);
    await settled(page);
    expect(await page.getByRole('button', { name: 'Ohne Domain weiter' }).count()).toBe(0);
    const second = await chooseDomain(page, name(slug, 'b'));
    let from = paths.length;
    await note.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await settled(page);
    expect(paths.slice(from).filter((p) => p.startsWith('/periods') || p === '/addons')).toEqual([]);
    let item = await itemOf(page, rowId);
    expect(item.domains.map((d) => d.name)).toEqual([second]);
    expect(configuration(item)).toEqual(configured);

    // Again without a domain, from the extras screen: its question leads to the lookup, the domain
    // back to the cart, nothing asked again.
    await apiSend(page, 'DELETE', `/session/cart/domains/${second}`);
    await visit(page, slug, `/addons?id=${rowId}`);
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Domain auswählen' }).click();
    await page.waitForURL((url) => url.pathname === '/domains/lookup');
    await settled(page);
    const third = await chooseDomain(page, name(slug, 'c'));
    from = paths.length;
    await note.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await settled(page);
    expect(paths.slice(from).filter((p) => p.startsWith('/periods') || p === '/addons')).toEqual([]);
    item = await itemOf(page, rowId);
    expect(item.domains.map((d) => d.name)).toEqual([third]);
    expect(configuration(item)).toEqual(configured);

    expect(problems).toEqual([]);
    await context.close();
  });
});
