// Issue 10 acceptance in Chromium (the payment screen's card and PayPal parts; SEPA is in
// customer.e2e.cjs): for both brands at desktop (1280x900, German) and phone (390x844, English)
// sizes. Hostwerk offers the card provider (adyen-scheme, devstack's environment "sandbox": the
// shop's own card form) and PayPal (paypal-integration); Alpenhost offers PayPal (paypal) and bank
// transfer (services/payment/seed/payment_types.json). The card is typed with the keyboard; an
// invalid number keeps next disabled with the error at the field, a valid one enables next and
// saves only the type; the card data is in no request and no storage; the provider's package
// (@adyen/adyen-web) is never loaded in the sandbox. axe-core and the phone's width on every screen.
const { readdirSync, readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { launch, brandOrigin, apiSend, apiGet, screenshot, settled } = require('./browser.cjs');
const { DESKTOP, PHONE, screenFindings, onPath, cartWithProduct } = require('./checkout.cjs');

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
    heading: 'Wie möchten Sie bezahlen?', confirmHeading: 'Prüfen und bestellen', next: 'Weiter', card: 'Kreditkarte', paypal: 'PayPal', bankTransfer: 'Überweisung',
    number: /Kartennummer/, expiry: /Gültig bis/, cvc: /Kartenprüfnummer/, holder: /Name auf der Karte/,
    numberInvalid: 'Bitte geben Sie eine gültige Kartennummer ein.',
    collection: 'Der Betrag wird in der Regel innerhalb von 24 Stunden von Ihrer Karte abgebucht.',
  },
  'en-GB': {
    heading: 'How would you like to pay?', confirmHeading: 'Review and order', next: 'Next', card: 'Credit card', paypal: 'PayPal', bankTransfer: 'Bank transfer',
    number: /Card number/, expiry: /Expiry date/, cvc: /Security code/, holder: /Name on card/,
    numberInvalid: 'Please enter a valid card number.',
    collection: 'The amount is usually charged to your card within 24 hours.',
  },
};

/** The checkout remote's chunks that hold @adyen/adyen-web (in the build the devstack serves). */
function providerChunks() {
  const dir = resolve(__dirname, '..', '..', '..', 'dist', 'frontend', 'shell', 'remotes', 'checkout');
  return readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('checkoutshopper'));
}

let findings = [];
beforeEach(() => {
  findings = [];
});

async function check(page, name) {
  findings.push(...(await screenFindings(page, name)));
}

async function fieldError(page, label) {
  const id = await page.getByLabel(label).getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

/** A fresh session with a product, a valid customer (through the API) and the payment screen. */
async function atPayment(slug, size) {
  const opened = await cartWithProduct(browser, slug, size, { path: '/categories' });
  const { page } = opened;
  const requests = [];
  page.on('request', (req) => requests.push(req.url()));
  await apiSend(page, 'PUT', '/session/basic-info', { group: 1, gender: 1, first_name: 'Erika', last_name: 'Musterfrau', company_name: '', company_vat_id: '', email: 'erika@example.com' });
  await apiSend(page, 'PUT', '/session/address-info', slug === 'alpenhost'
    ? { street: 'Musterweg 12', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' }
    : { street: 'Musterweg 12', postal_code: '10115', city: 'Berlin', country_code: 'DE', phone: '+49 30 1234567' });
  await page.goto(`${brandOrigin(slug)}/payment`);
  await onPath(page, '/payment');
  expect(await page.locator('main h1').textContent()).toBe(TEXT[size.locale].heading);
  return { ...opened, requests };
}

/** After a save: the confirm page shows (its guards found the saved payment), not a bounce to /. */
async function atConfirm(page, T) {
  await page.waitForURL((url) => url.pathname === '/confirm');
  await settled(page);
  expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
  expect(new URL(page.url()).pathname).toBe('/confirm');
}

/** Chooses `label` (no form), saves, and answers the stored option. */
async function chooseAndSave(page, T, label) {
  await page.getByLabel(label, { exact: true }).check();
  const next = page.getByRole('button', { name: T.next, exact: true });
  expect(await next.isDisabled()).toBe(false);
  expect(await page.locator('main input[type="text"], main input:not([type])').count()).toBe(0);
  await next.click();
  await atConfirm(page, T);
  return (await apiGet(page, '/session/payment')).payment;
}

async function storedValues(page) {
  return page.evaluate(() => [sessionStorage, localStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`)).join('\n'));
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('hostwerk at %s size: the sandbox card and PayPal', (_label, size) => {
  it('keeps next disabled for an invalid card with the error at the field, saves a valid one, then PayPal', async () => {
    const T = TEXT[size.locale];
    const name = `hostwerk ${size.name}`;
    const { context, page, errors, requests } = await atPayment('hostwerk', size);
    const next = page.getByRole('button', { name: T.next, exact: true });
    await check(page, `${name}: payment`);
    expect(await next.isDisabled()).toBe(true);

    await page.getByLabel(T.card, { exact: true }).check();
    const number = page.getByLabel(T.number);
    await number.waitFor();
    await settled(page);
    expect(await page.getByText(T.collection).isVisible()).toBe(true);
    expect(await next.isDisabled()).toBe(true);

    // Typed with the keyboard, field after field; the number fails the Luhn check.
    await number.focus();
    await page.keyboard.type('4111 1111 1111 1112');
    await page.keyboard.press('Tab');
    await page.keyboard.type('03/30');
    await page.keyboard.press('Tab');
    await page.keyboard.type('737');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Erika Musterfrau');
    expect(await page.getByLabel(T.holder).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await fieldError(page, T.number)).toBe(T.numberInvalid);
    expect(await next.isDisabled()).toBe(true);
    await check(page, `${name}: card refused in the browser`);
    await screenshot(page, `payment-hostwerk-${size.name}-card-invalid`);

    await number.fill('4111 1111 1111 1111');
    await page.getByLabel(T.holder).focus();
    await page.waitForFunction(() => !document.querySelector('main .hc-field-error'));
    expect(await next.isDisabled()).toBe(false);
    await check(page, `${name}: card valid`);
    await screenshot(page, `payment-hostwerk-${size.name}-card-valid`);

    const putBodies = [];
    page.on('request', (req) => {
      if (req.method() !== 'GET') putBodies.push(req.postData() ?? '');
    });
    await next.click();
    await atConfirm(page, T);
    const saved = (await apiGet(page, '/session/payment')).payment;
    expect(saved.type).toBe('adyen-scheme');
    // Only the type went to the server; the card's data is in no request and no storage.
    expect(putBodies.filter((b) => /4111|"cvc"|expiry/i.test(b))).toEqual([]);
    expect(await storedValues(page)).not.toMatch(/4111|"cvc"|expiryYear/i);

    // PayPal (the integration, approved on the confirm step) needs no form.
    await page.goto(`${brandOrigin('hostwerk')}/payment`);
    await onPath(page, '/payment');
    await page.getByLabel(T.paypal, { exact: true }).check();
    await check(page, `${name}: PayPal chosen`);
    await screenshot(page, `payment-hostwerk-${size.name}-paypal`);
    expect((await chooseAndSave(page, T, T.paypal)).type).toBe('paypal-integration');

    // The sandbox never loads the provider's package.
    const chunks = providerChunks();
    expect(chunks.length).toBeGreaterThan(0);
    expect(requests.filter((url) => chunks.some((c) => url.endsWith(`/${c}`)))).toEqual([]);

    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('alpenhost at %s size: PayPal and bank transfer', (_label, size) => {
  it('enables next once chosen and saves the type', async () => {
    const T = TEXT[size.locale];
    const name = `alpenhost ${size.name}`;
    const { context, page, errors } = await atPayment('alpenhost', size);
    expect(await page.getByLabel(T.card, { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: T.next, exact: true }).isDisabled()).toBe(true);
    await check(page, `${name}: payment`);
    await page.getByLabel(T.paypal, { exact: true }).check();
    await check(page, `${name}: PayPal chosen`);
    await screenshot(page, `payment-alpenhost-${size.name}-paypal`);
    expect((await chooseAndSave(page, T, T.paypal)).type).toBe('paypal');

    await page.goto(`${brandOrigin('alpenhost')}/payment`);
    await onPath(page, '/payment');
    expect((await chooseAndSave(page, T, T.bankTransfer)).type).toBe('bank-transfer');

    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});
