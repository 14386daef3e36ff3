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
// Alpenhost at both sizes: the brand offers no login (allow_crm false, no authority in the catalog
// seed), so no existing customer can order there, and it takes no payment its provider authorises
// before the order (SEPA, PayPal and bank transfer are collected afterwards: no card, no PayPal
// subscription in the payment types' seed). Its counterpart of (2): a shopper who changes the cart
// after choosing PayPal is not asked to pay again (nothing was authorised) and orders the new total.
// Issue 22 (gap 3, spec §7): every case lands on the cart with ?referrer=partner-1 and its order's
// referral id is partner-1 (source referrer), whether the shopper logs in or not.
// axe-core and the layout checks on confirm and success; no page or console errors.
const { launch, brandOrigin, apiGet, apiSend, collectProblems, provoked, screenshot, settled } = require('./browser.cjs');
const { DESKTOP, PHONE, PRODUCT, SEED_LOGINS, screenFindings, onPath, cartWithProduct, loginThroughPopup } = require('./checkout.cjs');

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
  },
  'en-GB': {
    toCheckout: 'To checkout', login: 'Log in', confirmHeading: 'Review and order', successHeading: 'Thank you for your order',
    editPayment: 'Change payment method', modalTitle: 'Change payment method', feedbackHeading: 'A few more details (optional)',
    paymentOnRecord: 'The payment method stored in your customer account', buy: 'Place binding order',
    terms: 'I accept the terms and conditions.', privacy: 'I have read the privacy policy.', gtc: 'I accept the additional product terms.',
    next: 'Next', card: 'Credit card', number: /Card number/, expiry: /Expiry date/, cvc: /Security code/, holder: /Name on card/,
    amountChanged: 'Your cart has changed since you paid', paypal: 'PayPal',
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
