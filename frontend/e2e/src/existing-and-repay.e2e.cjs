// Issue 20 in Chromium, Hostwerk and Alpenhost at desktop (1280x900, German) and phone (390x844, English) sizes;
// Hostwerk:
// 1. an existing customer (devstack's seed `max`, logged in through the login popup at the local
//    authority) goes from the cart straight to confirm (no customer data, no payment step), sees
//    no payment edit and no feedback section, buys, reaches the success page, and the order is
//    billed on the account (payment type `existing`);
// 2. a new customer pays by the sandbox card through 3-D Secure, and while the challenge page is
//    open the cart grows (from another tab of the same session); after approving, the server
//    refuses the order (422 payment.amount_changed, the old authorisation voided), confirm shows
//    why and opens the payment form in its modal; the shopper pays the new total with the plain
//    authorised card and the order is placed for it.
// Alpenhost at both sizes: the brand offers no login popup (allow_crm false: checkout starts with the
// customer data), and it takes no payment its provider authorises before the order (SEPA, PayPal and
// bank transfer are collected afterwards: no card, no PayPal subscription in the payment types'
// seed). Its counterpart of (2): a shopper who changes the cart after choosing PayPal is not asked
// to pay again (nothing was authorised) and orders the new total. Its existing customers order as
// cloud-panel users (spec §6 "Panel (oauth) user"; issues 20 and 22), against a devstack of their
// own: the panel's link (/oauth with a product order, as devstack's /panel page sends it) signs
// devstack's `anna` in at Alpenhost's authority (https://login.alpenhost.at in the catalog seed,
// devstack's local one for the client alpenhost-checkout); the ready view puts the product in the
// cart; the cart and confirm show the existing customer's two breadcrumbs (shopping cart → order
// overview); the cart goes through the logout view to confirm (no customer data, no payment step,
// no payment edit, no feedback section), the order is billed on the account (payment type
// `existing`), success links back to Alpenhost's authority, and the order database, read with
// bin/orderctl, holds the order for brand 2 with anna's customer number 200001.
// Issue 22 (gap 3, spec §7): every case lands on the cart with ?referrer=partner-1 and its order's
// referral id is partner-1 (source referrer), whether the shopper logs in or not.
// axe-core and the layout checks on confirm and success; no page or console errors.
const { execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { launch, brandOrigin, apiGet, apiSend, collectProblems, provoked, screenshot, settled } = require('./browser.cjs');
const { DESKTOP, PHONE, PRODUCT, SEED_LOGINS, screenFindings, onPath, cartWithProduct, loginThroughPopup, sessionCustomer } = require('./checkout.cjs');
const { startDevstack, stopDevstack } = require('./global-setup.cjs');

let browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
jest.setTimeout(180_000);

const TEXT = {
  'de-DE': {
    toCheckout: 'Zur Kasse', login: 'Anmelden', confirmHeading: 'Prüfen und bestellen', successHeading: 'Vielen Dank für Ihre Bestellung',
    editPayment: 'Zahlungsart ändern', modalTitle: 'Zahlungsart ändern', feedbackHeading: 'Noch ein paar Angaben (freiwillig)',
    paymentOnRecord: 'Die in Ihrem Kundenkonto hinterlegte Zahlungsart', buy: 'Zahlungspflichtig bestellen',
    terms: 'Ich akzeptiere die AGB.', privacy: 'Ich habe die Datenschutzerklärung gelesen.', gtc: 'Ich akzeptiere die zusätzlichen Produktbedingungen.',
    next: 'Weiter', card: 'Kreditkarte', number: /Kartennummer/, expiry: /Gültig bis/, cvc: /Kartenprüfnummer/, holder: /Name auf der Karte/,
    amountChanged: 'Ihr Warenkorb hat sich seit der Zahlung geändert', paypal: 'PayPal',
    proceed: 'Mit meiner Bestellung fortfahren', logoutHeading: 'Ihr Kundenkonto', steps: 'Bestellschritte', stepCart: 'Warenkorb',
    stepConfirm: 'Bestellübersicht', portal: 'Zurück zum Cloud-Portal',
  },
  'en-GB': {
    toCheckout: 'To checkout', login: 'Log in', confirmHeading: 'Review and order', successHeading: 'Thank you for your order',
    editPayment: 'Change payment method', modalTitle: 'Change payment method', feedbackHeading: 'A few more details (optional)',
    paymentOnRecord: 'The payment method stored in your customer account', buy: 'Place binding order',
    terms: 'I accept the terms and conditions.', privacy: 'I have read the privacy policy.', gtc: 'I accept the additional product terms.',
    next: 'Next', card: 'Credit card', number: /Card number/, expiry: /Expiry date/, cvc: /Security code/, holder: /Name on card/,
    amountChanged: 'Your cart has changed since you paid', paypal: 'PayPal',
    proceed: 'Continue with my order', logoutHeading: 'Your customer account', steps: 'Order steps', stepCart: 'Shopping cart',
    stepConfirm: 'Order overview', portal: 'Back to the cloud portal',
  },
};

let findings = [];
beforeEach(() => {
  findings = [];
});

/** axe-core and the layout checks (browser.cjs layoutFindings) of the current screen. */
async function check(page, name) {
  findings.push(...(await screenFindings(page, name)));
}

/** The paths the page's main frame showed, in order (full loads and in-app navigations). */
function collectPaths(page) {
  const paths = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

/** The consents the confirm page shows (the additional terms only for a product that asks for them). */
async function acceptConsents(page, T, { basic = true } = {}) {
  if (basic) {
    await page.getByLabel(T.terms).check();
    await page.getByLabel(T.privacy).check();
  }
  const gtc = page.getByLabel(T.gtc);
  if (await gtc.count()) await gtc.check();
}

/** The success page of the order just placed: heading and order code; answers the order. */
async function atSuccess(page, T, name) {
  await page.waitForURL((url) => url.pathname.startsWith('/success/'));
  await settled(page);
  expect(await page.locator('main h1').textContent()).toBe(T.successHeading);
  const orderId = new URL(page.url()).pathname.split('/').pop();
  const { order } = await apiGet(page, `/orders/${orderId}`);
  expect(order.order_id).toBe(orderId);
  expect(await page.locator('main').textContent()).toContain(order.order_code);
  await check(page, `${name}: success`);
  await screenshot(page, `existing-and-repay-${name.replace(/ /g, '-')}-success`);
  return order;
}

/** The sandbox card form (the payment screen's or the confirm modal's) filled with `number`. */
async function fillCard(scope, T, number, holder) {
  await scope.getByLabel(T.card, { exact: true }).check();
  await scope.getByLabel(T.number).fill(number);
  await scope.getByLabel(T.expiry).fill('12/39');
  await scope.getByLabel(T.cvc).fill('737');
  await scope.getByLabel(T.holder).fill(holder);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('Hostwerk at %s size', (_label, size) => {
  it('an existing customer orders', async () => {
    const T = TEXT[size.locale];
    const name = `hostwerk ${size.name} existing`;
    const { context, page, errors } = await cartWithProduct(browser, 'hostwerk', size, { path: '/cart?referrer=partner-1' });
    const paths = collectPaths(page);

    await page.getByRole('button', { name: T.toCheckout }).click();
    await onPath(page, '/customer/login-or-register');
    await loginThroughPopup(page, T.login, SEED_LOGINS.max);
    // Post-fill has nothing to fill for this product and forwards to confirm.
    await onPath(page, '/confirm');
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
    expect(paths.filter((p) => ['/customer/basic-info', '/customer/address', '/payment'].includes(p))).toEqual([]);

    // Spec §2 confirm for an existing customer: the account's billing, nothing to edit, no feedback.
    const main = page.locator('main');
    expect(await main.textContent()).toContain(T.paymentOnRecord);
    expect(await main.getByRole('button', { name: T.editPayment }).count()).toBe(0);
    expect(await main.getByRole('group', { name: T.feedbackHeading }).count()).toBe(0);
    expect(await main.getByLabel(T.terms).count()).toBe(0);
    await check(page, `${name}: confirm`);
    await screenshot(page, `existing-and-repay-${name.replace(/ /g, '-')}-confirm`);

    const priced = await apiGet(page, '/session/cart/priced');
    await acceptConsents(page, T, { basic: false });
    await page.getByRole('button', { name: T.buy }).click();
    const order = await atSuccess(page, T, name);
    expect(order.payment_type).toBe('existing');
    expect(order.status).toBe('placed');
    expect([order.referral_id, order.referral_source]).toEqual(['partner-1', 'referrer']);
    expect(Number(order.totals.gross_cents)).toBe(Number(priced.priced.totals.total_gross_cents));

    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  it('a card shopper whose cart changed after paying pays again', async () => {
    const T = TEXT[size.locale];
    const name = `hostwerk ${size.name} repay`;
    const origin = brandOrigin('hostwerk');
    const { context, page, errors } = await cartWithProduct(browser, 'hostwerk', size, {
      path: '/categories',
      allow: [provoked(422, 'POST', '/orders', 'the refusal of POST /orders (payment.amount_changed) is what this test provokes')],
    });
    await apiSend(page, 'PUT', '/session/basic-info', { group: 1, gender: 1, first_name: 'Erika', last_name: 'Muster', email: `repay-${size.name}@example.org` });
    await apiSend(page, 'PUT', '/session/address-info', { street: 'Musterweg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', phone: '+49 30 1234567' });

    await page.goto(`${origin}/payment`);
    await onPath(page, '/payment');
    await fillCard(page, T, '4000 0000 0000 3220', 'Erika Muster');
    await page.getByRole('button', { name: T.next, exact: true }).click();
    await onPath(page, '/confirm');
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
    const before = Number((await apiGet(page, '/session/cart/priced')).priced.totals.total_gross_cents);
    await acceptConsents(page, T);
    await page.getByRole('button', { name: T.buy }).click();

    // The sandbox's 3-D Secure page: before approving, the cart grows in another tab of the session.
    await page.waitForURL((url) => url.pathname === '/3ds');
    const tab = await context.newPage();
    const tabErrors = collectProblems(tab);
    await tab.goto(`${origin}/categories`);
    await settled(tab);
    await apiSend(tab, 'POST', '/session/cart/items', { product_id: PRODUCT.hostwerk });
    const grown = Number((await apiGet(tab, '/session/cart/priced')).priced.totals.total_gross_cents);
    expect(grown).toBeGreaterThan(before);
    await tab.close();

    const [refusal] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/orders' && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect({ status: refusal.status(), body: await refusal.json().catch(() => null) }).toEqual({ status: 422, body: expect.objectContaining({ error: 'payment.amount_changed' }) });

    // Back on confirm: why, and the payment form in its modal to pay the new total.
    await page.waitForURL((url) => url.pathname === '/confirm');
    const alert = page.locator('main [role="alert"]');
    await alert.waitFor();
    expect((await alert.textContent()).startsWith(T.amountChanged)).toBe(true);
    const dialog = page.getByRole('dialog', { name: T.modalTitle });
    await dialog.waitFor();
    await dialog.getByLabel(T.number).waitFor();
    await check(page, `${name}: confirm, cart changed, payment modal`);
    await screenshot(page, `existing-and-repay-${name.replace(/ /g, '-')}-amount-changed`);

    await fillCard(dialog, T, '4111 1111 1111 1111', 'Erika Muster');
    await dialog.getByRole('button', { name: T.next, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await settled(page);
    expect(new URL(page.url()).pathname).toBe('/confirm');
    expect(Number((await apiGet(page, '/session/cart/priced')).priced.totals.total_gross_cents)).toBe(grown);
    await acceptConsents(page, T);
    await page.getByRole('button', { name: T.buy }).click();

    const order = await atSuccess(page, T, name);
    expect(order.payment_type).toBe('adyen-scheme');
    expect(order.status).toBe('placed');
    expect(Number(order.totals.gross_cents)).toBe(grown);

    expect([...errors, ...tabErrors]).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('Alpenhost at %s size', (_label, size) => {
  it('a shopper whose cart changed after choosing the payment orders the new total without paying again', async () => {
    const T = TEXT[size.locale];
    const name = `alpenhost ${size.name} cart changed`;
    const origin = brandOrigin('alpenhost');
    const { context, page, errors } = await cartWithProduct(browser, 'alpenhost', size, { path: '/cart?referrer=partner-1' });
    const paths = collectPaths(page);

    // No login on Alpenhost: checkout starts with the customer data.
    await page.getByRole('button', { name: T.toCheckout }).click();
    await onPath(page, '/customer/basic-info');
    expect(paths).not.toContain('/customer/login-or-register');
    await apiSend(page, 'PUT', '/session/basic-info', { group: 1, gender: 1, first_name: 'Erika', last_name: 'Muster', email: `changed-${size.name}@example.org` });
    await apiSend(page, 'PUT', '/session/address-info', { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' });

    await page.goto(`${origin}/payment`);
    await onPath(page, '/payment');
    await page.getByLabel(T.paypal, { exact: true }).check();
    await page.getByRole('button', { name: T.next, exact: true }).click();
    await onPath(page, '/confirm');
    const before = Number((await apiGet(page, '/session/cart/priced')).priced.totals.total_gross_cents);

    // The cart grows after the payment was chosen; confirm, shown again, prices the new cart and
    // asks for nothing more: PayPal here is collected after the order, for the order's total.
    await apiSend(page, 'POST', '/session/cart/items', { product_id: PRODUCT.alpenhost });
    const grown = Number((await apiGet(page, '/session/cart/priced')).priced.totals.total_gross_cents);
    expect(grown).toBeGreaterThan(before);
    await page.goto(`${origin}/confirm`);
    await onPath(page, '/confirm');
    await settled(page);
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('main [role="alert"]').count()).toBe(0);
    await check(page, `${name}: confirm`);
    await screenshot(page, `existing-and-repay-${name.replace(/ /g, '-')}-confirm`);
    await acceptConsents(page, T);
    await page.getByRole('button', { name: T.buy }).click();

    const order = await atSuccess(page, T, name);
    expect(order.payment_type).toBe('paypal');
    expect(order.status).toBe('placed');
    expect([order.referral_id, order.referral_source]).toEqual(['partner-1', 'referrer']);
    expect(Number(order.totals.gross_cents)).toBe(grown);

    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});

/** The checkout breadcrumbs of the screen: each step's label and state (past, present, future). */
async function breadcrumbs(page, T) {
  const nav = page.getByRole('navigation', { name: T.steps });
  await nav.getByRole('listitem').first().waitFor();
  return nav.getByRole('listitem').evaluateAll((items) => items.map((li) => [li.lastChild?.textContent?.trim() ?? '', li.getAttribute('data-state')]));
}

/** Alpenhost's authority (services/catalog/seed/brands/alpenhost.json oauth_authority_url). */
const ALPENHOST_AUTHORITY = 'https://login.alpenhost.at';
const ORDERCTL = resolve(__dirname, '../../..', process.env.ORDERCTL_BIN || 'bin/orderctl');

// Issues 20 and 22 on the second brand: Alpenhost's existing customers are its cloud-panel users.
// A devstack of their own, with a data folder this file knows: its embedded order database
// (order.db) is read with orderctl, the operators' view of an order.
describe('Alpenhost existing customers from the cloud panel', () => {
  let devstack;
  let dataDir;
  const savedBase = process.env.E2E_BASE_URL;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'e2e-alpenhost-panel-'));
    devstack = await startDevstack({ DEVSTACK_DATA_DIR: dataDir }, 'devstack-alpenhost-panel.log');
    // The shared helpers address the brands under E2E_BASE_URL: this block's own stack.
    process.env.E2E_BASE_URL = devstack.base;
  });
  afterAll(async () => {
    await stopDevstack(devstack?.child);
    process.env.E2E_BASE_URL = savedBase;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** orderctl show <code> on this block's devstack. */
  function orderctl(code) {
    return execFileSync(ORDERCTL, ['show', code], { encoding: 'utf8', env: { ...process.env, ORDER_SQLITE_PATH: join(dataDir, 'order.db') } });
  }

  describe.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('at %s size', (_label, size) => {
    it('a panel user signs in at Alpenhost\'s authority and orders billed on the account', async () => {
      const T = TEXT[size.locale];
      const name = `alpenhost ${size.name} panel customer`;
      const origin = brandOrigin('alpenhost');
      const context = await browser.newContext({ viewport: size.viewport });
      const page = await context.newPage();
      const errors = collectProblems(page);
      const paths = collectPaths(page);
      await page.goto(`${origin}/categories`);
      await settled(page);
      await apiSend(page, 'PUT', '/session/locale', { code: size.locale });

      // The panel's link with a product order (tools/devstack/panel.go panelLink); the shop sends
      // the browser on to Alpenhost's authority, where anna logs in.
      const data = { order_type: 'redirect', external_product_id: 'AH-WEB-START', webhosting_id: 'wh2001' };
      await page.goto(`${origin}/oauth?data=${encodeURIComponent(Buffer.from(JSON.stringify(data)).toString('base64'))}`);
      await page.getByLabel('User name').fill(SEED_LOGINS.anna.username);
      await page.getByLabel('Password').fill(SEED_LOGINS.anna.password);
      const [login] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/customer/login'),
        page.getByRole('button', { name: 'Log in' }).click(),
      ]);
      expect(login.status()).toBe(200);
      // The ready view puts the panel's product in the cart and goes to the domain lookup.
      await onPath(page, '/domains/lookup');
      const customer = await sessionCustomer(page);
      expect([customer.customer_no, customer.panel?.order_type]).toEqual([SEED_LOGINS.anna.customerNo, 'redirect']);
      expect((await apiGet(page, '/session/cart')).cart.items.map((i) => i.product.id)).toEqual([PRODUCT.alpenhost]);

      await page.goto(`${origin}/cart`);
      await onPath(page, '/cart');
      await page.waitForSelector('[data-testid="product-row"]');
      expect(await breadcrumbs(page, T)).toEqual([
        [T.stepCart, 'present'],
        [T.stepConfirm, 'future'],
      ]);
      await check(page, `${name}: cart`);

      // The cart goes to the logout view of the existing customer, which goes on to confirm.
      await page.getByRole('button', { name: T.toCheckout }).click();
      await onPath(page, '/customer/logout');
      expect(await page.locator('main h1').textContent()).toBe(T.logoutHeading);
      await page.getByRole('button', { name: T.proceed }).click();
      await onPath(page, '/confirm');
      expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
      expect(paths.filter((p) => ['/customer/login-or-register', '/customer/basic-info', '/customer/address', '/payment'].includes(p))).toEqual([]);
      expect(await breadcrumbs(page, T)).toEqual([
        [T.stepCart, 'past'],
        [T.stepConfirm, 'present'],
      ]);

      // Spec §2 confirm for an existing customer: the account's billing, nothing to edit, no feedback.
      const main = page.locator('main');
      expect(await main.textContent()).toContain(T.paymentOnRecord);
      expect(await main.getByRole('button', { name: T.editPayment }).count()).toBe(0);
      expect(await main.getByRole('group', { name: T.feedbackHeading }).count()).toBe(0);
      await check(page, `${name}: confirm`);
      await screenshot(page, `existing-and-repay-${name.replace(/ /g, '-')}-confirm`);
      await acceptConsents(page, T, { basic: false });
      await page.getByRole('button', { name: T.buy }).click();

      const order = await atSuccess(page, T, name);
      expect([order.payment_type, order.status]).toEqual(['existing', 'placed']);
      // The way back to the panel is Alpenhost's authority.
      expect(await page.locator('main').getByRole('link', { name: T.portal }).getAttribute('href')).toBe(ALPENHOST_AUTHORITY);
      // The order as fulfilment sees it: Alpenhost's, anna's customer number.
      const shown = orderctl(order.order_code);
      expect(shown).toMatch(new RegExp(`^Order ${order.order_code} \\(id ${order.order_id}\\), brand 2,`, 'm'));
      expect(shown).toMatch(new RegExp(`^Customer ${SEED_LOGINS.anna.customerNo}: Anna Berger`, 'm'));

      expect(errors).toEqual([]);
      expect(findings).toEqual([]);
      await context.close();
    });
  });
});
