// The cart page on every screen size (issue 14) in Chromium against devstack: for both brands and
// both languages a cart with the brand's hosting product (Hostwerk 1001 with its automatic
// 24-month promotion, Alpenhost 2001), the recommended addon added with the cart's own offer
// button and a long domain name; at 360, 390, 768, 1024 and 1280 px the page must not scroll
// sideways, cover a control or let text run out of its box (browser.cjs layoutFindings), must be
// axe-clean, and keep its controls at least 44x44 px. The layout itself is checked where it
// changes: stacked rows with their column names on narrow screens, a table on wide ones; the
// summary below the items on narrow screens and beside them (without overlapping) on wide ones.
const { launch, apiGet, apiSend, brandOrigin, screenshot } = require('./browser.cjs');
const { PRODUCT, screenFindings, onPath, cartWithProduct } = require('./checkout.cjs');

let browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
// Five sizes with axe at each, on a shared 2-core machine.
jest.setTimeout(180_000);

const WIDTHS = [360, 390, 768, 1024, 1280];
/** Below this width the summary stacks under the items (cart-page.css: 64rem). */
const SIDE_BY_SIDE = 1024;

/** The recommended addon of each brand's product (services/catalog/seed/brands), in both languages. */
const ADDON = { 'de-DE': 'Tägliches Backup', 'en-GB': 'Daily backup' };
/** The offer button's accessible name (cart_page.offers.add_named). */
const OFFER = {
  'de-DE': (addon, product) => `${addon} hinzufügen (zu ${product})`,
  'en-GB': (addon, product) => `Add ${addon} to ${product}`,
};
const TERM = { 'de-DE': 'Laufzeit', 'en-GB': 'Contract term' };
/** No spaces to break at: the name must wrap inside its row instead of widening the table. */
const LONG_DOMAIN = 'eine-sehr-lange-domain-fuer-das-layout-unserer-firma.com';

/** Controls in <main> smaller than a 44x44 px touch target (WCAG 2.5.5), described. */
async function smallTouchTargets(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main button, main a[href], main input:not([type="hidden"]), main select')]
      .map((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return null;
        return box.width < 44 || box.height < 44 ? `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent).trim()}" ${Math.round(box.width)}x${Math.round(box.height)}` : null;
      })
      .filter(Boolean),
  );
}

/** Where the parts of the page are and whether the rows are stacked, measured in the page. */
async function geometry(page) {
  return page.evaluate(() => {
    const box = (sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const label = document.querySelector('main .hc-cart-row--product .hc-cart-row__label');
    const head = document.querySelector('main .hc-cart-table thead').getBoundingClientRect();
    return {
      items: box('main .hc-cart__items'),
      side: box('main .hc-cart__side'),
      checkout: box('main .hc-cart__checkout .hc-button'),
      termLabelShown: getComputedStyle(label).display !== 'none',
      headerShown: head.width > 1 && head.height > 1,
      viewport: window.innerWidth,
    };
  });
}

describe.each([
  { slug: 'hostwerk', locale: 'de-DE' },
  { slug: 'hostwerk', locale: 'en-GB' },
  { slug: 'alpenhost', locale: 'de-DE' },
  { slug: 'alpenhost', locale: 'en-GB' },
])('$slug cart in $locale', ({ slug, locale }) => {
  test(`product, addon and domain laid out at ${WIDTHS.join(', ')} px`, async () => {
    const { page, context, errors } = await cartWithProduct(browser, slug, { viewport: { width: 1280, height: 900 }, locale });
    const [item] = (await apiGet(page, '/session/cart/priced')).priced.items;
    const productName = item.product.name;

    // The addon through the cart's offer (one click, the service picks its period), then the domain.
    const addons = page.getByTestId('addon-row');
    const before = await addons.count();
    await page.getByRole('button', { name: OFFER[locale](ADDON[locale], productName), exact: true }).click();
    await addons.nth(before).waitFor();
    await apiSend(page, 'POST', `/session/cart/items/${item.row_id}/domains`, { name: LONG_DOMAIN });
    await page.reload();
    await onPath(page, '/cart');
    await page.getByTestId('domain-row').filter({ hasText: LONG_DOMAIN }).waitFor();
    const { priced } = await apiGet(page, '/session/cart/priced');
    expect(priced.items[0].addons.map((a) => a.name)).toContain(ADDON[locale]);
    expect(priced.items[0].domains.map((d) => d.name)).toEqual([LONG_DOMAIN]);
    if (slug === 'hostwerk') expect(priced.items[0].product.promotion?.applied).toBe(true);

    const findings = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const name = `${slug}-${locale}-${width}`;
      await screenshot(page, `cart-layout-${name}`);
      findings.push(...(await screenFindings(page, name)));
      const small = await smallTouchTargets(page);
      if (small.length > 0) findings.push({ name, small });

      const g = await geometry(page);
      expect(g.viewport).toBe(width);
      if (width >= SIDE_BY_SIDE) {
        // Beside the items, overlapping nothing; the rows are a table with its header.
        expect(g.side.left).toBeGreaterThanOrEqual(g.items.right);
        expect(g.side.right).toBeLessThanOrEqual(width);
        expect(g.headerShown).toBe(true);
        expect(g.termLabelShown).toBe(false);
      } else {
        // Below the items, full width; the checkout button within the screen's width.
        expect(g.side.top).toBeGreaterThanOrEqual(g.items.bottom);
        expect(g.checkout.right).toBeLessThanOrEqual(width);
        expect(g.checkout.left).toBeGreaterThanOrEqual(0);
      }
      if (width <= 390) {
        // Stacked rows: the column header is out of sight, each cell names its column.
        expect(g.headerShown).toBe(false);
        expect(g.termLabelShown).toBe(true);
        expect(await page.locator('main .hc-cart-row--product .hc-cart-row__label').first().textContent()).toBe(TERM[locale]);
      }
    }
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test('stacked rows keep the table semantics for screen readers (Chromium accessibility tree)', async () => {
  const { page, context } = await cartWithProduct(browser, 'hostwerk', { viewport: { width: 360, height: 844 }, locale: 'en-GB' });
  expect(await page.locator('main .hc-cart-row--product').evaluate((row) => getComputedStyle(row).display)).toBe('grid');
  const cdp = await context.newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const seen = nodes.filter((n) => !n.ignored).map((n) => `${n.role?.value}: ${(n.name?.value ?? '').trim()}`);
  expect(seen).toContain('table: Items of Web hosting S');
  expect(seen).toContain('rowheader: Web hosting S');
  expect(seen).toContain('columnheader: Contract term');
  // The visible column names are for sighted users; a cell's name does not repeat its header.
  expect(seen.filter((s) => s.startsWith('cell: ')).some((s) => s.includes('Contract term'))).toBe(false);
  await context.close();
});

test.each(['hostwerk', 'alpenhost'])('%s: a contract transfer item next to the product fits a 360 px phone', async (slug) => {
  const { page, context, errors } = await cartWithProduct(browser, slug, { viewport: { width: 360, height: 844 }, locale: 'de-DE' });
  await page.goto(`${brandOrigin(slug)}/contract-transfer/T-7`);
  await onPath(page, '/cart');
  await page.getByTestId('cart-item').nth(1).waitFor();
  const { cart } = await apiGet(page, '/session/cart');
  expect(cart.items.map((i) => i.product.id)).toEqual(expect.arrayContaining([PRODUCT[slug]]));
  expect(cart.items).toHaveLength(2);
  await screenshot(page, `cart-layout-${slug}-transfer-360`);
  expect(await screenFindings(page, `${slug}: cart with a contract transfer at 360 px`)).toEqual([]);
  expect(await smallTouchTargets(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
