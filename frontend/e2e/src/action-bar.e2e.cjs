// Issue 23 "Screens" in Chromium against devstack, both brands on a 390x844 phone: after a choice
// the screen's primary action is in reach without scrolling (the action bar of
// @hostcart/shared-feature-action-bar, fixed at the bottom with the cart total). Picking a domain
// in the lookup's results, "Weiter" lies inside the viewport and is what a tap there hits (it was
// about 2,900 px below); adding an extra in the cart, "Zur Kasse" does (about 1,950 px). The term
// and interval screens keep "Weiter" (the current choice) in reach, the upsell screen its "without"
// continue beside the add button of the offer; after picking an extra on the extras screen and a
// promoted extra, and on the address and the payment step after choosing SEPA (its mandate form
// opens), the continue is in reach with the new total; the confirm page shows the total with a jump that
// leads through the open consents to the order button (the law wants that button below the
// contract box, so the bar does not copy it). The bar prints the priced view's total (the figure
// the cart summary shows), the customer step shows it too, and every screen is axe-clean and
// covers no control (layoutFindings) in both languages (those after a choice on the extras,
// promoted-extra, address and payment screens are measured for reach and total only: their axe
// and layout checks are in flow-screens, cart, customer and payment).
const { apiGet, apiSend, axeViolations, layoutFindings, screenshot, switchLanguage, BRANDS } = require('./browser.cjs');
const { useBrowser, cartWithProduct, onPath, visit } = require('./checkout.cjs');

const browser = useBrowser();
// Three screens, two languages, axe at each, on a shared 2-core machine.
jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844 };
const PHONE_DE = { viewport: PHONE, locale: 'de-DE' };
const TEXT = {
  'de-DE': { continue: 'Weiter', checkout: 'Zur Kasse', next: 'Weiter', sepa: 'SEPA-Lastschrift', select: (d) => `${d} auswählen`, addon: 'Tägliches Backup', offer: (a, p) => `${a} hinzufügen (zu ${p})`, language: 'Deutsch', toOrder: 'Zur Bestellung', buy: 'Zahlungspflichtig bestellen', change: 'Trotzdem ändern' },
  'en-GB': { continue: 'Continue', checkout: 'To checkout', next: 'Next', sepa: 'SEPA direct debit', select: (d) => `Select ${d}`, addon: 'Daily backup', offer: (a, p) => `Add ${a} to ${p}`, language: 'English', toOrder: 'Go to your order', buy: 'Place binding order', change: 'Change anyway' },
};

/** Whose phone walk meets a promoted extra: the seed's Webhosting Start (2001) promotes one, Webhosting S (1001) none. */
const PROMOTES = { hostwerk: false, alpenhost: true };

/** A new customer with SEPA per brand, as the confirm page needs one (services/customer seed formats). */
const CUSTOMER = {
  hostwerk: {
    basic: { group: 1, gender: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'action-bar-hostwerk@example.org' },
    address: { street: 'Musterweg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', phone: '+49 30 1234567' },
    sepa: { type: 'sepa', holder: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', permission: true },
  },
  alpenhost: {
    basic: { group: 1, gender: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'action-bar-alpenhost@example.org' },
    address: { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' },
    sepa: { type: 'sepa', holder: 'Ada Lovelace', iban: 'AT611904300234573201', bic: 'BKAUATWW', bank: 'Erste Bank', permission: true },
  },
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
    // The lookup for the item: results, then a choice in them.
    const { context, page, errors } = await cartWithProduct(browser(), slug, PHONE_DE, { path: (rowId) => `/domains/lookup?d=free-aktionsleiste&id=${encodeURIComponent(rowId)}` });
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
    await visit(page, slug, '/cart');
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
    await visit(page, slug, '/customer/basic-info');
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
  test('on the term, interval, upsell and confirm screens the action is in reach with the total', async () => {
    const { context, page, errors, rowId } = await cartWithProduct(browser(), slug, PHONE_DE, { path: (id) => `/periods/maturity?id=${encodeURIComponent(id)}` });
    await onPath(page, '/periods/maturity');
    const seen = [];
    const bar = page.locator('main [data-testid="action-bar"]');
    /** The bar's total is the priced view's, its action in reach; axe and layout in both languages. */
    const check = async (name, action, locale = 'de-DE') => {
      await bar.locator('[data-testid="action-bar-total"]').waitFor();
      const t = await totals(page, locale);
      expect(t.shown).toBe(t.expected);
      expect({ name, ...(await reach(action())) }).toMatchObject({ name, inside: true, tapped: true });
    };
    const bothLanguages = async (name, action) => {
      await check(name, () => action('de-DE'));
      await screenshot(page, `action-bar-${slug}-${name}-de-DE`);
      seen.push(await findings(page, `${name} de-DE`));
      await switchLanguage(page, TEXT['en-GB'].language);
      await check(name, () => action('en-GB'), 'en-GB');
      seen.push(await findings(page, `${name} en-GB`));
      await switchLanguage(page, TEXT['de-DE'].language);
    };
    const next = (locale) => bar.getByRole('button', { name: TEXT[locale].next, exact: true });
    /** After a choice: once the bar shows the priced view's new total, its action is in reach (no axe: seen elsewhere). */
    const afterChoice = async (name, action) => {
      const { expected } = await totals(page, 'de-DE');
      await page.waitForFunction((e) => document.querySelector('main [data-testid="action-bar-total"] .hc-action-bar__amount')?.textContent.trim() === e, expected);
      await check(name, action);
    };
    /** Presses an extra's unpressed select button and waits until the cart holds it. */
    const pick = async (button) => {
      const card = await button.getAttribute('aria-describedby');
      await button.click();
      await page.locator(`main button[aria-describedby="${card}"][aria-pressed="true"]`).waitFor();
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    };

    // The term: "Weiter" keeps the current term, in reach before any scrolling.
    await bothLanguages('maturity', next);
    // A choice (the longest term, which has intervals to choose from): on the interval screen
    // "Weiter" is in reach with the total of the new term.
    await page.locator('main [data-testid="period-tile"][aria-pressed="false"]').last().click();
    const confirmChange = page.getByRole('button', { name: TEXT['de-DE'].change, exact: true });
    await Promise.race([page.waitForURL((url) => url.pathname !== '/periods/maturity'), confirmChange.waitFor()]);
    if (await confirmChange.isVisible()) await confirmChange.click();
    await onPath(page, '/periods/interval');
    await bothLanguages('interval', next);
    await next('de-DE').click();
    // The flow goes on to the extras: after picking one, its continue is in reach with the new total.
    await onPath(page, '/addons');
    await pick(page.locator('main [data-testid="addons-main"] button[aria-pressed="false"]').first());
    await afterChoice('addons, an extra picked', () => bar.getByRole('button'));

    // The upsell: its "without" continue in the bar, the add button with the offer; both in reach.
    await visit(page, slug, `/popular-addons?id=${encodeURIComponent(rowId)}`);
    const add = () => page.locator('main .hc-upsell__panel.hc-card--highlight > button.hc-button');
    await bothLanguages('popular-addons', () => bar.getByRole('button'));
    expect(await reach(add())).toMatchObject({ inside: true, tapped: true });
    // The promoted extra (Alpenhost's Webhosting Start has one; Hostwerk's Webhosting S none, the
    // screen would forward at once): picked, its continue is in reach with the new total.
    if (PROMOTES[slug]) {
      await visit(page, slug, `/promoted-addons?id=${encodeURIComponent(rowId)}`);
      await pick(page.locator('main .hc-card button[aria-pressed="false"]'));
      await afterChoice('promoted-addons, picked', () => bar.getByRole('button'));
    }

    // The address and, after choosing SEPA (its mandate form opens), the payment step: Next in
    // reach with the total.
    await apiSend(page, 'PUT', '/session/basic-info', CUSTOMER[slug].basic);
    await apiSend(page, 'PUT', '/session/address-info', CUSTOMER[slug].address);
    await visit(page, slug, '/customer/address');
    // Its submit says "Weiter", or where the brand offers a login, that it creates the account;
    // it saves the address and goes on to the payment step inside the shop (no second page load).
    const submit = bar.locator('button[type="submit"]');
    await check('address', () => submit);
    await submit.click();
    await onPath(page, '/payment');
    await page.getByRole('radio', { name: TEXT['de-DE'].sepa }).check();
    await page.getByTestId('sepa-mandate').waitFor();
    await afterChoice('payment, SEPA chosen', () => next('de-DE'));
    await apiSend(page, 'PUT', '/session/payment', CUSTOMER[slug].sepa);
    // The confirm page: the bar shows the total and leads to the order, through the consents still
    // open, to the order button below the contract box; no second order button.
    await visit(page, slug, '/confirm');
    const toOrder = (locale) => bar.getByRole('button', { name: TEXT[locale].toOrder, exact: true });
    await bothLanguages('confirm', toOrder);
    expect(await bar.getByRole('button', { name: TEXT['de-DE'].buy }).count()).toBe(0);
    const buy = page.getByRole('button', { name: TEXT['de-DE'].buy, exact: true });
    const consents = await page.locator('main input[type="checkbox"][aria-required="true"]').count();
    expect(consents).toBeGreaterThan(0);
    for (let i = 0; i < consents; i += 1) {
      await toOrder('de-DE').click();
      const focused = page.locator('main input[type="checkbox"][aria-required="true"]:focus');
      await focused.waitFor();
      // The consent the jump led to is on screen, not under the bar: a tap checks it.
      expect(await reach(focused)).toMatchObject({ inside: true });
      await focused.check();
    }
    await toOrder('de-DE').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'submit');
    expect(await reach(buy)).toMatchObject({ inside: true, tapped: true });
    // The box the law asks for ends right above the button.
    const gap = await page.evaluate(() => {
      const box = document.querySelector('main [data-testid="contract-box"]').getBoundingClientRect();
      const button = document.activeElement.getBoundingClientRect();
      return button.top - box.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(120);
    await screenshot(page, `action-bar-${slug}-confirm-order-de-DE`);

    expect(seen).toEqual(seen.map((s) => clean(s.name)));
    expect(errors).toEqual([]);
    await context.close();
  });
});
