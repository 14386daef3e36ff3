// Issue 23 "Screens" in Chromium against devstack, both brands on a 390x844 phone: after a choice
// the screen's primary action is in reach without scrolling (the action bar of
// @hostcart/shared-feature-action-bar, fixed at the bottom with the cart total). Picking a domain
// in the lookup's results, "Weiter" lies inside the viewport and is what a tap there hits (it was
// about 2,900 px below); adding an extra in the cart, "Zur Kasse" does (about 1,950 px). The bar
// prints the priced view's total (the figure the cart summary shows), the customer step shows it
// too, and every screen is axe-clean and covers no control (layoutFindings) in both languages.
const { launch, apiGet, apiSend, brandOrigin, axeViolations, layoutFindings, screenshot, settled, switchLanguage, BRANDS } = require('./browser.cjs');
const { PRODUCT, onPath } = require('./checkout.cjs');

let browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
// Three screens, two languages, axe at each, on a shared 2-core machine.
jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844 };
const TEXT = {
  'de-DE': { continue: 'Weiter', checkout: 'Zur Kasse', next: 'Weiter', select: (d) => `${d} auswählen`, addon: 'Tägliches Backup', offer: (a, p) => `${a} hinzufügen (zu ${p})`, language: 'Deutsch' },
  'en-GB': { continue: 'Continue', checkout: 'To checkout', next: 'Next', select: (d) => `Select ${d}`, addon: 'Daily backup', offer: (a, p) => `Add ${a} to ${p}`, language: 'English' },
};

/** Where the element is, measured without scrolling: inside the viewport, and hit by a tap at its centre. */
async function reach(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      inside: r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
      tapped: !!hit && (hit === el || el.contains(hit)),
      top: Math.round(r.top),
      viewport: window.innerHeight,
    };
  });
}

/** The bar's total as printed, and the priced view's gross first-term total formatted as the shop formats money. */
async function totals(page, locale) {
  const { priced } = await apiGet(page, '/session/cart/priced');
  const expected = await page.evaluate(
    ([cents, loc]) => new Intl.NumberFormat(loc, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100),
    [priced.totals.presentation.gross_cents, locale],
  );
  const shown = (await page.locator('main [data-testid="action-bar-total"] .hc-action-bar__amount').textContent()).trim();
  return { shown, expected };
}

/** axe-core and the layout checks (nothing covered, no sideways scrolling) on the page as it is. */
async function findings(page, name) {
  const y = await page.evaluate(() => window.scrollY);
  const out = { name, violations: await axeViolations(page), layout: await layoutFindings(page) };
  await page.evaluate((top) => window.scrollTo(0, top), y);
  return out;
}

const clean = (name) => ({ name, violations: [], layout: [] });

describe.each(BRANDS)('$name on a 390 px phone', ({ slug }) => {
  test('after picking a domain and after adding an extra in the cart, the primary action is in reach with the total', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${brandOrigin(slug)}/categories`);
    await settled(page);
    await apiSend(page, 'PUT', '/session/locale', { code: 'de-DE' });
    const { row_id: rowId } = await apiSend(page, 'POST', '/session/cart/items', { product_id: PRODUCT[slug] });

    // The lookup for the item: results, then a choice in them.
    await page.goto(`${brandOrigin(slug)}/domains/lookup?d=free-aktionsleiste&id=${encodeURIComponent(rowId)}`);
    await settled(page);
    // An available name of the first group of results (sandbox registry: "free…" names are free).
    const row = page.locator('section[data-testid^="domain-group-"]').first().locator('li[data-status="0"]').first();
    await row.waitFor();
    const domain = await row.getAttribute('data-domain');
    await row.getByRole('button', { name: TEXT['de-DE'].select(domain) }).click();
    await page.waitForFunction((d) => document.querySelector('[data-testid="domain-side-note"]')?.textContent?.includes(d), domain);
    const next = page.getByRole('button', { name: TEXT['de-DE'].continue, exact: true });
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('[data-testid="action-bar"] button')][0];
      return b && !b.disabled;
    });
    expect(await reach(next)).toMatchObject({ inside: true, tapped: true });
    await page.locator('main [data-testid="action-bar-total"]').waitFor();
    let t = await totals(page, 'de-DE');
    expect(t.shown).toBe(t.expected);
    await screenshot(page, `action-bar-${slug}-domains-de-DE`);
    const seen = [await findings(page, 'domains de-DE')];
    await switchLanguage(page, TEXT['en-GB'].language);
    await page.locator('main [data-testid="action-bar-total"]').waitFor();
    seen.push(await findings(page, 'domains en-GB'));
    await switchLanguage(page, TEXT['de-DE'].language);

    // The cart: an extra added with the cart's own offer button, then "Zur Kasse" is in reach.
    await page.goto(`${brandOrigin(slug)}/cart`);
    await onPath(page, '/cart');
    const productName = (await apiGet(page, '/session/cart/priced')).priced.items[0].product.name;
    const addons = page.getByTestId('addon-row');
    const before = await addons.count();
    await page.getByRole('button', { name: TEXT['de-DE'].offer(TEXT['de-DE'].addon, productName), exact: true }).click();
    await addons.nth(before).waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    const checkout = page.getByRole('button', { name: TEXT['de-DE'].checkout, exact: true });
    expect(await reach(checkout)).toMatchObject({ inside: true, tapped: true });
    // The bar's figure is the summary's: the priced view's total after the change.
    await page.waitForFunction(
      () => document.querySelector('main .hc-action-bar__amount')?.textContent === document.querySelector('main .hc-cart-summary__total')?.textContent,
    );
    t = await totals(page, 'de-DE');
    expect(t.shown).toBe(t.expected);
    await screenshot(page, `action-bar-${slug}-cart-de-DE`);
    seen.push(await findings(page, 'cart de-DE'));
    await switchLanguage(page, TEXT['en-GB'].language);
    await page.locator('main [data-testid="action-bar-total"]').waitFor();
    expect(await reach(page.getByRole('button', { name: TEXT['en-GB'].checkout, exact: true }))).toMatchObject({ inside: true, tapped: true });
    seen.push(await findings(page, 'cart en-GB'));

    // A checkout step: the customer's details with the total and Next in reach, in English.
    await page.goto(`${brandOrigin(slug)}/customer/basic-info`);
    await onPath(page, '/customer/basic-info');
    await page.locator('main [data-testid="action-bar-total"]').waitFor();
    t = await totals(page, 'en-GB');
    expect(t.shown).toBe(t.expected);
    expect(await reach(page.getByRole('button', { name: TEXT['en-GB'].next, exact: true }))).toMatchObject({ inside: true, tapped: true });
    await screenshot(page, `action-bar-${slug}-basic-info-en-GB`);
    seen.push(await findings(page, 'basic info en-GB'));

    expect(seen).toEqual(seen.map((s) => clean(s.name)));
    expect(errors).toEqual([]);
    await context.close();
  });
});
