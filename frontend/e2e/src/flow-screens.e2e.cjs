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
//   period or extras screen is shown again;
// - an extra's price on the extras screens is the cart's for the same choice (issue 23 finding 2:
//   E-Mail-Archivierung 3,57 € on the extras screen, "ab 2,98 €" in the cart): at a term that is
//   not the extra's cheapest, every extra's figure and unit on /addons is the one the cart prints
//   for it, on its line once added and on its add offer otherwise; the setup service shows its
//   one-time price on its offer screen and the cart prints the same; so does an upsell's offer
//   (the price of the term it joins with, no longer the cheapest term's "ab" price).
const { apiGet, apiSend, layoutFindings, axeViolations, screenshot, settled } = require('./browser.cjs');
const { useBrowser, cartWithProduct, onPath, visit } = require('./checkout.cjs');

const browser = useBrowser();
jest.setTimeout(180_000);

/** Seed products (services/catalog/seed/brands) that need a domain: terms 12 and 24 months, a recommended extra. */
const WORDPRESS = { hostwerk: 1011, alpenhost: 2004 };
/** The sandbox registry answers names starting with "free" as available. */
const name = (slug, n) => `free-screens-${slug}-${n}`;
const DESKTOP_DE = { viewport: { width: 1280, height: 900 }, locale: 'de-DE' };

/** Two frames: the layout after a resize has been applied and painted. */
const frames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The paths the page's main frame showed, in order. */
function collectPaths(page) {
  const paths = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
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
    const { context, page, problems, rowId } = await cartWithProduct(browser(), slug, DESKTOP_DE, { path: '/categories', product: WORDPRESS[slug] });
    const paths = collectPaths(page);
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
    await onPath(page, '/periods/maturity');
    await page.locator('main [data-testid="period-tile"][aria-pressed="false"]').first().click();
    await onPath(page, '/periods/interval');
    await page.locator('main [data-testid="period-tile"][aria-pressed="false"]').first().click();
    await onPath(page, '/addons');

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
    await onPath(page, '/cart');
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
    await onPath(page, '/cart');
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
    await onPath(page, '/domains/lookup');
    const third = await chooseDomain(page, name(slug, 'c'));
    from = paths.length;
    await note.getByRole('button', { name: 'Weiter', exact: true }).click();
    await onPath(page, '/cart');
    expect(paths.slice(from).filter((p) => p.startsWith('/periods') || p === '/addons')).toEqual([]);
    item = await itemOf(page, rowId);
    expect(item.domains.map((d) => d.name)).toEqual([third]);
    expect(configuration(item)).toEqual(configured);

    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * Products whose extras cost differently per term, the term the item gets (not the extras'
 * cheapest: the cart printed the cheapest term's "ab" price), an upsell without fields, the extras
 * chosen on /addons and the setup service with its one-time price (services/catalog/seed/brands).
 * Hostwerk's setup service is a promoted addon with a screen of its own; Alpenhost's Umzugsservice
 * is a standard extra of this product.
 */
const PRICED = {
  hostwerk: { product: 1002, period: { maturity_id: 100202, interval_id: 4 }, upsell: { id: 1302, name: 'Backup Plus' }, extras: ['E-Mail-Archivierung', 'Speicher +50 GB'], promoted: 'Einrichtungsservice' },
  alpenhost: { product: 2002, period: { maturity_id: 200201, interval_id: 12 }, upsell: { id: 2302, name: 'Backup Plus' }, extras: ['Mail-Archiv', 'Speicher +100 GB', 'Umzugsservice'] },
};

/** A printed price: the amount as formatted ("3,57 €"), its unit ("pro Monat", "einmalig") and whether it says "ab". */
function figure(text) {
  const amount = text.match(/\d[\d.]*,\d{2}\s€/u)?.[0];
  const unit = /einmalig/.test(text) ? 'einmalig' : /pro Monat/.test(text) ? 'pro Monat' : undefined;
  return { amount, unit, from: /(^|\s)ab\s/u.test(text) };
}

/** Name and printed price of each extra card on an extras screen. */
async function cardPrices(page) {
  const cards = await page.locator('main article.hc-card').all();
  const out = {};
  for (const card of cards) {
    const price = card.getByTestId('addon-price');
    if ((await price.count()) === 0) continue;
    out[(await card.locator('h2, h3').first().textContent()).trim()] = figure(await price.textContent());
  }
  return out;
}

/** Chooses the extra by its card's name and waits until it is in the cart. */
async function choose(page, extra) {
  const card = page.getByRole('article', { name: extra, exact: true });
  await card.getByRole('button', { name: 'Auswählen', exact: true }).click();
  await card.getByRole('button', { name: 'Ausgewählt', exact: true }).waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

/** The cart's printed prices per extra (addon or upsell): its line once added, its add offer otherwise. */
async function cartPrices(page) {
  return page.evaluate(() => {
    const lines = {};
    for (const row of document.querySelectorAll('main [data-testid="addon-row"], main [data-testid="upsell-row"]')) {
      const head = row.querySelector('th');
      const kind = head.querySelector('.hc-cart-row__kind')?.textContent ?? '';
      const price = row.querySelector('[data-testid="line-price"]');
      lines[head.textContent.slice(kind.length).trim()] = price
        ? `${price.querySelector('.hc-cart-price__amount').textContent} ${price.querySelector('.hc-cart-price__unit').textContent}`
        : '';
    }
    const offers = {};
    for (const li of document.querySelectorAll('main .hc-cart-offers__list li')) {
      const label = li.querySelector('button').textContent.trim();
      offers[label.replace(/ hinzufügen$/, '')] = li.querySelector('[data-testid="offer-price"]')?.textContent.trim() ?? '';
    }
    return { lines, offers };
  });
}

describe.each(['hostwerk', 'alpenhost'])('%s prices', (slug) => {
  test("an extra's price on the extras screens is the cart's for the same choice; the setup service shows its price", async () => {
    const spec = PRICED[slug];
    const { context, page, problems, rowId } = await cartWithProduct(browser(), slug, DESKTOP_DE, { path: '/categories', product: spec.product });
    await apiSend(page, 'PUT', `/session/cart/items/${rowId}/period`, spec.period);
    const shown = {};

    // The upsell's offer names the price of the term it joins with; adding it goes on.
    await visit(page, slug, `/popular-addons?id=${rowId}&upsellProductId=${spec.upsell.id}`);
    const panel = page.locator('main .hc-upsell__panel.hc-card--highlight');
    // Read at once: a screen renders only with all its texts (a full load of this screen once
    // showed missing-key markers first, the shell's text gate being asked through react-i18next's Proxy).
    shown[spec.upsell.name] = figure(await panel.getByTestId('upsell-price').textContent());
    expect(shown[spec.upsell.name]).toEqual({ amount: expect.any(String), unit: 'pro Monat', from: false });
    await panel.getByRole('button').click();
    await page.waitForURL((url) => url.pathname !== '/popular-addons');

    if (spec.promoted) {
      // The setup service's offer screen names its price: once, with its setup fee.
      await visit(page, slug, `/promoted-addons?id=${rowId}`);
      const offer = (await cardPrices(page))[spec.promoted];
      expect(offer).toEqual({ amount: expect.any(String), unit: 'einmalig', from: false });
      shown[spec.promoted] = offer;
      await choose(page, spec.promoted);
    }

    await visit(page, slug, `/addons?id=${rowId}`);
    const cards = await cardPrices(page);
    for (const extra of spec.extras) expect(cards[extra]?.amount).toEqual(expect.any(String));
    Object.assign(shown, cards, spec.promoted ? { [spec.promoted]: shown[spec.promoted] } : {}, { [spec.upsell.name]: shown[spec.upsell.name] });
    for (const extra of spec.extras) await choose(page, extra);
    await screenshot(page, `screens-${slug}-addons-prices`);
    await page.getByRole('button', { name: 'Bestätigen', exact: true }).click();
    await onPath(page, '/cart');
    await page.getByTestId('addon-row').first().waitFor();
    // The offers come with the addon products' catalog query, which may answer after the lines
    // (a loaded CI run read the cart before it and found no offer).
    await page.locator('main .hc-cart-offers__list [data-testid="offer-price"]').first().waitFor();
    await screenshot(page, `screens-${slug}-cart-prices`);

    // Each chosen extra: the cart's line prints the extras screen's figure and unit.
    const { lines, offers } = await cartPrices(page);
    const chosen = [spec.upsell.name, ...spec.extras, ...(spec.promoted ? [spec.promoted] : [])];
    expect(Object.fromEntries(chosen.map((e) => [e, figure(lines[e] ?? '')]))).toEqual(Object.fromEntries(chosen.map((e) => [e, shown[e]])));
    // Every other extra the cart offers: its offer prints the extras screen's figure too.
    const offered = Object.keys(offers).filter((e) => shown[e]);
    expect(offered.length).toBeGreaterThan(0);
    expect(Object.fromEntries(offered.map((e) => [e, figure(offers[e])]))).toEqual(Object.fromEntries(offered.map((e) => [e, shown[e]])));

    expect(problems).toEqual([]);
    await context.close();
  });
});
