// Issue 12, the cloud-panel sign-in in Chromium (spec §4 "OAuth", §6 "Panel user"): the panel links
// its user to the shop's /oauth with its data (what devstack's /panel page does), the shop signs
// them in at the brand's authority (devstack's local one), the callback logs in with clear_cart and
// the ready view acts on the order type: redirect and cloudpit_domains add the mapped (or the
// domain-only) product and go to the lookup, redirect_product_category goes to the category's
// products when the slug exists, else to the categories. The cart shows no prices; back-to-panel
// logs out and ends at the brand's authority URL. Desktop in German, phone in English; axe-core and
// the layout checks on every screen.
const { launch, brandOrigin, collectProblems, screenshot, settled, apiGet, apiSend } = require('./browser.cjs');
const { DESKTOP, PHONE, PRODUCT, SEED_LOGINS, screenFindings, onPath, sessionCustomer } = require('./checkout.cjs');

let browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
jest.setTimeout(240_000);

/** Hostwerk's authority (services/catalog/seed/brands/hostwerk.json oauth_authority_url). */
const AUTHORITY = 'https://login.hostwerk.de';
const DOMAIN_ONLY = 1043;

const TEXT = {
  'de-DE': {
    ready: 'Willkommen aus dem Cloud-Panel', back: 'Zurück zum Cloud-Panel', select: (d) => `${d} auswählen`, next: /^(Weiter|Nur Domains bestellen)$/,
    save: 'Speichern und weiter', steps: 'Bestellschritte', stepDomains: 'Domainauswahl', stepConfirm: 'Bestellübersicht', confirmHeading: 'Prüfen und bestellen',
  },
  'en-GB': {
    ready: 'Welcome from the cloud panel', back: 'Back to the cloud panel', select: (d) => `Select ${d}`, next: /^(Continue|Order domains only)$/,
    save: 'Save and proceed', steps: 'Order steps', stepDomains: 'Domain selection', stepConfirm: 'Order overview', confirmHeading: 'Review and order',
  },
};

/** The panel's link: base64 JSON of spec §3's oauth data (tools/devstack/panel.go panelLink). */
const panelLink = (data) => `${brandOrigin('hostwerk')}/oauth?data=${encodeURIComponent(Buffer.from(JSON.stringify(data)).toString('base64'))}`;

/**
 * A fresh session at the size with a product already in its cart (which clear_cart must empty),
 * then the panel's link, the authority's login form and the way back; resolves on the shop's
 * first screen after the ready view.
 */
async function signInFromPanel(size, data) {
  const context = await browser.newContext({ viewport: size.viewport });
  // The brand's real authority is not reachable here; the back-to-panel link must end there.
  await context.route(`${AUTHORITY}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Panel</title><main><h1>Cloud panel</h1></main></html>' }));
  const page = await context.newPage();
  const errors = collectProblems(page);
  await page.goto(`${brandOrigin('hostwerk')}/categories`);
  await settled(page);
  await apiSend(page, 'PUT', '/session/locale', { code: size.locale });
  await apiSend(page, 'POST', '/session/cart/items', { product_id: PRODUCT.hostwerk + 2 });
  await page.goto(panelLink(data));
  // The shop sends the browser on to the authority's login form.
  await page.getByLabel('User name').fill(SEED_LOGINS.max.username);
  await page.getByLabel('Password').fill(SEED_LOGINS.max.password);
  const [login] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/customer/login'),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
  expect(login.status()).toBe(200);
  return { context, page, errors };
}

async function cartProducts(page) {
  const body = await apiGet(page, '/session/cart');
  return body.cart.items.map((i) => i.product.id);
}

/** The cart screen of a panel user: rows without a single amount (spec §2), the server's view without amounts. */
async function expectCartWithoutPrices(page, size, name) {
  await page.goto(`${brandOrigin('hostwerk')}/cart`);
  await settled(page);
  await page.waitForSelector('[data-testid="product-row"]');
  const text = await page.locator('main').innerText();
  expect(text).not.toContain('€');
  expect(await page.locator('[data-testid="cart-totals"]').count()).toBe(0);
  const body = await apiGet(page, '/session/cart/priced');
  for (const item of body.priced.items) {
    expect(item.product.price.show_price).toBe(false);
    expect(item.total_display_cents).toBe(0);
  }
  expect(body.priced.totals.total_display_cents).toBe(0);
  const findings = await screenFindings(page, `panel cart ${name} ${size.name}`);
  await screenshot(page, `panel-cart-${name}-${size.name}`);
  return findings;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('a panel user at %s size', (_label, size) => {
  const T = TEXT[size.locale];

  it('order type redirect: the mapped product, then the domain lookup, a cart without prices', async () => {
    const { context, page, errors } = await signInFromPanel(size, { order_type: 'redirect', external_product_id: 'HW-WEB-S', webhosting_id: 'wh1001' });
    await onPath(page, '/domains/lookup');
    const findings = await screenFindings(page, `panel redirect lookup ${size.name}`);
    // clear_cart emptied the cart first: only the panel's product is in it.
    expect(await cartProducts(page)).toEqual([PRODUCT.hostwerk]);
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\w{32}$/);
    const customer = await sessionCustomer(page);
    expect(customer.customer_no).toBe(SEED_LOGINS.max.customerNo);
    expect(customer.panel.order_type).toBe('redirect');
    expect(await page.evaluate(() => [localStorage.getItem('order_type'), localStorage.getItem('external_product_id')])).toEqual(['redirect', 'HW-WEB-S']);
    findings.push(...(await expectCartWithoutPrices(page, size, 'redirect')));
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  it('order type cloudpit_domains: the domain lookup of a domains-only order', async () => {
    const { context, page, errors } = await signInFromPanel(size, { order_type: 'cloudpit_domains' });
    await onPath(page, '/domains/lookup');
    const findings = await screenFindings(page, `panel cloudpit lookup ${size.name}`);
    const products = await cartProducts(page);
    // The domain-only item is kept once it has domains; the product from before is gone either way.
    expect(products.every((id) => id === DOMAIN_ONLY)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('order_type'))).toBe('cloudpit_domains');
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  // Issue 22 gaps 6 and 7 (spec §2 "Additional domain fields", §4 "Breadcrumb sets"): a cloud-panel
  // domains order leaves the domain fields for post-fill with p=y, whose walk ends on confirm, and
  // its breadcrumbs are domain selection → confirm.
  it('order type cloudpit_domains: domain fields, post-fill with p=y, confirm with the two-step breadcrumbs', async () => {
    const { context, page, errors } = await signInFromPanel(size, { order_type: 'cloudpit_domains' });
    await onPath(page, '/domains/lookup');
    const visited = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    // A .eu domain asks for the country of residence (services/domain/seed/tlds.json), not postponed.
    const domain = `free-panel-${size.name}.eu`; // "free…" is available in the sandbox registry
    const lookup = new URL(page.url());
    lookup.searchParams.set('d', domain);
    await page.goto(lookup.toString());
    await settled(page);
    await page.getByRole('button', { name: T.select(domain) }).first().click();
    await page.waitForFunction((d) => document.querySelector('[data-testid="domain-side-note"]')?.textContent?.includes(d), domain);
    await page.locator('main').getByRole('button', { name: T.next }).first().click();

    await onPath(page, '/domains/additional-domain-fields');
    const findings = await screenFindings(page, `panel cloudpit domain fields ${size.name}`);
    await page.getByRole('button', { name: T.save }).click();
    // Post-fill with p=y: the same domains with their postponed fields too; saved, the walk ends on confirm.
    await page.waitForURL((url) => url.pathname === '/postfill/domains' || url.pathname === '/confirm');
    if (new URL(page.url()).pathname === '/postfill/domains') {
      expect(new URL(page.url()).searchParams.get('p')).toBe('y');
      await settled(page);
      findings.push(...(await screenFindings(page, `panel cloudpit post-fill domains ${size.name}`)));
      await page.getByRole('button', { name: T.save }).click();
    }
    await onPath(page, '/confirm');
    expect(visited.some((v) => v.startsWith('/postfill/domains?') && new URLSearchParams(v.split('?')[1]).get('p') === 'y')).toBe(true);
    expect(visited.some((v) => v.startsWith('/domains/do-you-want-to-add-a-product'))).toBe(false);
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);

    const nav = page.getByRole('navigation', { name: T.steps });
    await nav.getByRole('listitem').first().waitFor();
    const steps = await nav.getByRole('listitem').evaluateAll((items) => items.map((li) => [li.lastChild?.textContent?.trim() ?? '', li.getAttribute('data-state')]));
    expect(steps).toEqual([[T.stepDomains, 'past'], [T.stepConfirm, 'present']]);
    findings.push(...(await screenFindings(page, `panel cloudpit confirm ${size.name}`)));
    await screenshot(page, `panel-cloudpit-confirm-${size.name}`);
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  it('order type redirect_product_category: the known category, else the categories', async () => {
    const { context, page, errors } = await signInFromPanel(size, { order_type: 'redirect_product_category', category_slug: 'webhosting' });
    await onPath(page, '/products/webhosting');
    const findings = await screenFindings(page, `panel category ${size.name}`);
    expect(await cartProducts(page)).toEqual([]);
    await context.close();

    const unknown = await signInFromPanel(size, { order_type: 'redirect_product_category', category_slug: 'no-such-category' });
    await onPath(unknown.page, '/categories');
    findings.push(...(await screenFindings(unknown.page, `panel unknown category ${size.name}`)));
    expect([...errors, ...unknown.errors]).toEqual([]);
    expect(findings).toEqual([]);
    await unknown.context.close();
  });

  it('the ready view in its language; back to the panel logs out and ends at the authority', async () => {
    const { context, page, errors } = await signInFromPanel(size, { order_type: 'redirect_product_category', category_slug: 'webhosting' });
    await onPath(page, '/products/webhosting');
    // Visited again, the ready view welcomes the panel user and offers the way back.
    await page.goto(`${brandOrigin('hostwerk')}/oauth/ready`);
    await settled(page);
    expect(await page.locator('main h1').textContent()).toBe(T.ready);
    const findings = await screenFindings(page, `panel ready ${size.name}`);
    await screenshot(page, `panel-ready-${size.name}`);
    await Promise.all([page.waitForURL((url) => url.origin === AUTHORITY), page.locator('main').getByRole('button', { name: T.back }).click()]);
    expect(page.url().startsWith(AUTHORITY)).toBe(true);

    // The session is logged out and the browser's state cleared.
    await page.goto(`${brandOrigin('hostwerk')}/categories`);
    await settled(page);
    const customer = await sessionCustomer(page);
    expect(customer.customer_no).toBe('');
    expect(customer.panel).toBeNull();
    expect(await page.evaluate(() => [localStorage.getItem('order_type'), localStorage.getItem('cloud_pit_data'), localStorage.getItem('customer_number')])).toEqual([null, null, null]);
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});
