// The whole flow on every screen size (issue 14) in Chromium against devstack: for both brands,
// from the categories through the guided flow's screens to the cart and its period modal, at 360,
// 390, 768, 1024 and 1280 px. Each screen must not scroll sideways, cover a control or let text
// run out of its box (browser.cjs layoutFindings), must be axe-clean at phone (390) and desktop
// (1280) size in both languages, and must keep its primary controls at least 44x44 px (WCAG
// 2.5.5). German is seen at the desktop sizes and English at the phone sizes, and each language
// once the other way round at 390 and 1280. Screenshots at 390 (English) and 1280 (German):
// artifacts/e2e/flow-<brand>-<screen>-<width>.png.
//
// One walk per brand and language in one context; every screen is measured at each of the walk's
// widths by resizing the viewport (media and container queries follow it as on a real resize),
// which keeps the run far shorter than a new session and cart per size.
const { launch, apiGet, apiSend, brandOrigin, collectProblems, layoutFindings, axeViolations, screenshot, settled } = require('./browser.cjs');

let browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
// Four walks of fifteen screens, each at three or four widths, on a shared 2-core machine.
jest.setTimeout(240_000);

/** The widths each language is measured at; axe and screenshots at 390 and 1280 only. */
const WIDTHS = { 'de-DE': [1280, 1024, 768, 390], 'en-GB': [390, 360, 1280] };
const AXE_WIDTHS = [390, 1280];
const SHOT_WIDTHS = { 'de-DE': [1280], 'en-GB': [390] };

/**
 * Seed products (services/catalog/seed/brands): a hosting product with upsells (the first one, SSL
 * Premium, asks for a domain), data-centre variants, a promoted addon and module groups; a server
 * with select, password, hostname and consent fields; a business address with its period buttons,
 * street pair and tenant list.
 */
const SEED = {
  hostwerk: { hosting: 1002, server: 1021, businessAddress: 1061 },
  alpenhost: { hosting: 2001, server: 2011, businessAddress: 2051 },
};
/** The sandbox registry answers names starting with "free" as available. */
const DOMAIN = 'free-layout-e2e';

/**
 * Primary controls in the header and <main> (and an open dialog) smaller than 44x44 px: buttons,
 * button-like links, form fields; a checkbox or radio with a label is measured by its label,
 * which is where it is tapped. Links inside running text are exempt (WCAG 2.5.8's inline
 * exception).
 */
async function smallTouchTargets(page) {
  return page.evaluate(() => {
    const out = [];
    const scopes = 'header, main, [role="dialog"]';
    const sel = ['button', '[role="button"]', 'a.hc-button', 'a.hc-tile__link', 'a.hc-cart-link', 'a[data-category-slug]', 'input:not([type="hidden"])', 'select', 'textarea']
      .flatMap((s) => scopes.split(', ').map((scope) => `${scope} ${s}`))
      .join(', ');
    const seen = new Set();
    for (let el of document.querySelectorAll(sel)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.matches('input[type="checkbox"], input[type="radio"]')) el = el.closest('label') ?? el.labels?.[0] ?? el;
      if (seen.has(el)) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width <= 1 || box.height <= 1) continue;
      if (box.width < 44 || box.height < 44) {
        const label = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
        out.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${label}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return out;
  });
}

/** Two frames: the layout after a resize has been applied and painted. */
const frames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * A walk of one brand in one language: `check(screen)` measures the current screen at each of the
 * language's widths and collects what it finds; the test asserts at its end that nothing was
 * found, so one run reports every screen and size rather than the first.
 */
function walker(page, slug, locale) {
  const findings = [];
  const checked = [];
  async function check(screen, { overlay } = {}) {
    const path = new URL(page.url()).pathname;
    checked.push(`${screen} ${path}`);
    for (const width of WIDTHS[locale]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await frames(page);
      const name = `${slug} ${locale} ${screen} ${width}`;
      const layout = await layoutFindings(page, { overlay });
      if (layout.length > 0) findings.push({ name, layout });
      const small = await smallTouchTargets(page);
      if (small.length > 0) findings.push({ name, small });
      if (AXE_WIDTHS.includes(width)) {
        const violations = await axeViolations(page);
        if (violations.length > 0) findings.push({ name, violations });
      }
      if (SHOT_WIDTHS[locale].includes(width)) await screenshot(page, `flow-${slug}-${screen}-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  return { check, findings, checked };
}

async function visit(page, slug, path) {
  await page.goto(`${brandOrigin(slug)}${path}`);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await settled(page);
}

describe.each([
  { slug: 'hostwerk', locale: 'de-DE' },
  { slug: 'hostwerk', locale: 'en-GB' },
  { slug: 'alpenhost', locale: 'de-DE' },
  { slug: 'alpenhost', locale: 'en-GB' },
])('$slug in $locale', ({ slug, locale }) => {
  test(`categories to cart laid out at ${WIDTHS[locale].join(', ')} px`, async () => {
    const seed = SEED[slug];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectProblems(page);
    await page.goto(`${brandOrigin(slug)}/categories`);
    await settled(page);
    await apiSend(page, 'PUT', '/session/locale', { code: locale });
    await visit(page, slug, '/categories');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    const { check, findings, checked } = walker(page, slug, locale);

    // The shell: header with the logo's popover and the help modal open.
    await check('categories');
    await page.locator('header .hc-logo__button').click();
    await page.locator('header .hc-popover').waitFor();
    await check('logo-popover', { overlay: 'header .hc-popover' });
    await page.keyboard.press('Escape');
    await page.locator('header .hc-popover').waitFor({ state: 'hidden' });
    await page.locator('header .hc-link-button').click();
    await page.getByRole('dialog').waitFor();
    await check('help');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Categories → products → ordering the hosting product through its card.
    await page.locator('main a[data-category-slug="webhosting"]').click();
    await page.waitForURL((url) => url.pathname === '/products/webhosting');
    await settled(page);
    await check('products');
    await page.locator(`main article.hc-card[data-product-id="${seed.hosting}"] .hc-card__order`).click();
    await page.waitForURL((url) => url.pathname === '/popular-addons');
    await settled(page);
    const rowId = new URL(page.url()).searchParams.get('id');
    expect(rowId).toMatch(/^[a-z0-9]{32}$/);
    await check('popular-addons');
    // Adding SSL Premium opens its domain field under the offer.
    await page.locator('main .hc-upsell__panel.hc-card--highlight .hc-button').first().click();
    await page.locator('main .hc-upsell__fields input').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    await check('popular-addons-fields');

    // The guided flow's further screens of the same item.
    for (const [screen, path] of [
      ['addon-variants', `/addon-variants?id=${rowId}`],
      ['promoted-addons', `/promoted-addons?id=${rowId}`],
      ['domain-question', `/domains/do-you-want-to-add-a-domain?id=${rowId}`],
    ]) {
      await visit(page, slug, path);
      await check(screen);
    }
    await visit(page, slug, `/domains/lookup?id=${rowId}`);
    await check('domain-lookup');
    const field = page.getByRole('search').getByRole('textbox');
    await field.fill(DOMAIN);
    await field.press('Enter');
    await page.locator('[data-testid="domain-exact"] li[data-status]').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    await check('domain-results');
    for (const [screen, path] of [
      ['product-question', `/domains/do-you-want-to-add-a-product?d=${DOMAIN}.de`],
      ['maturity', `/periods/maturity?id=${rowId}`],
      ['interval', `/periods/interval?id=${rowId}`],
      ['addons', `/addons?id=${rowId}`],
      // Field widgets of products of their own (not in the cart: the screen orders them).
      ['server-fields', `/additional-product-fields?id=${seed.server}`],
      ['business-address-fields', `/additional-product-fields?id=${seed.businessAddress}`],
    ]) {
      await visit(page, slug, path);
      await check(screen);
    }

    // The cart with the item and its period modal.
    await visit(page, slug, '/cart');
    await page.getByTestId('cart-item').first().waitFor();
    await check('cart');
    const { cart } = await apiGet(page, '/session/cart');
    expect(cart.items.map((i) => i.row_id)).toContain(rowId);
    // The item's actions: details, change term, ... (cart-item.tsx).
    await page.locator('main [data-testid="cart-item"] .hc-cart-item__actions li').nth(1).getByRole('button').click();
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] [aria-busy="true"]'));
    await check('period-modal');

    expect(checked).toHaveLength(19);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
