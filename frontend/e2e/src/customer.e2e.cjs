// Issue 9 acceptance in Chromium: from the cart a private person and a company enter their basic
// info and address (the server's refusals shown at the fields, then corrected) and reach the
// payment step, for both brands at desktop (1280x900, German) and phone (390x844, English) sizes;
// an existing Hostwerk customer logs in through the login popup at devstack's local authority and
// lands on post-fill, then finds the logout view from the cart. axe-core runs on every screen.
const { launch, brandOrigin, collectProblems, screenshot, settled } = require('./browser.cjs');
const { DESKTOP, PHONE, SEED_LOGINS, screenFindings, onPath, passesThrough, cartWithProduct, loginThroughPopup, sessionCustomer } = require('./checkout.cjs');

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
    toCheckout: 'Zur Kasse', register: 'Als Neukunde fortfahren', login: 'Anmelden', next: 'Weiter', createAccount: 'Kundenkonto anlegen und weiter',
    company: 'Unternehmen', private: 'Privatperson', ms: 'Frau', firstName: /Vorname/, lastName: /Nachname/, companyName: /Firmenname/, vatId: /USt-IdNr|UID-Nr/,
    email: /E-Mail-Adresse/, street: /Straße und Hausnummer/, postalCode: /Postleitzahl/, city: /^Ort/, phone: /Telefonnummer/, country: /^Land/,
    phoneInvalid: 'Bitte geben Sie eine gültige Telefonnummer für das gewählte Land ein, mit Ziffern, Leerzeichen und einem führenden +.',
    countryName: { hostwerk: 'Deutschland', alpenhost: 'Österreich' },
    basicHeading: 'Ihre Angaben', addressHeading: 'Ihre Adresse', logoutHeading: 'Ihr Kundenkonto',
    paymentHeading: 'Wie möchten Sie bezahlen?', sepa: 'SEPA-Lastschrift', holder: /Kontoinhaber/, iban: /IBAN/, bic: /BIC/, bank: /^Bank( \*)?$/,
    permission: /SEPA-Lastschriftmandat/, ibanInvalid: 'Bitte geben Sie eine gültige IBAN ein.', confirmHeading: 'Prüfen und bestellen',
    steps: 'Bestellschritte', stepCart: 'Warenkorb', stepConfirm: 'Bestellübersicht', stepCustomer: 'Kundendaten', stepPayment: 'Zahlungsart',
    proceed: 'Mit meiner Bestellung fortfahren',
  },
  'en-GB': {
    toCheckout: 'To checkout', register: 'Continue as a new customer', login: 'Log in', next: 'Next', createAccount: 'Create account and continue',
    company: 'Company', private: 'Private person', ms: 'Ms', firstName: /First name/, lastName: /Last name/, companyName: /Company name/, vatId: /VAT ID/,
    email: /E-mail address/, street: /Street and house number/, postalCode: /Postcode/, city: /Town or city/, phone: /Phone number/, country: /^Country/,
    phoneInvalid: 'Please enter a valid phone number for the chosen country, using digits, spaces and a leading +.',
    countryName: { hostwerk: 'Germany', alpenhost: 'Austria' },
    basicHeading: 'Your details', addressHeading: 'Your address', logoutHeading: 'Your customer account',
    paymentHeading: 'How would you like to pay?', sepa: 'SEPA direct debit', holder: /Account holder/, iban: /IBAN/, bic: /BIC/, bank: /^Bank( \*)?$/,
    permission: /direct debit mandate/, ibanInvalid: 'Please enter a valid IBAN.', confirmHeading: 'Review and order',
    steps: 'Order steps', stepCart: 'Shopping cart', stepConfirm: 'Order overview', stepCustomer: 'Customer data', stepPayment: 'Payment method',
    proceed: 'Continue with my order',
  },
};

let findings = [];
beforeEach(() => {
  findings = [];
});

/** axe, plus what a phone must not do: scroll sideways. */
async function check(page, name) {
  findings.push(...(await screenFindings(page, name)));
}

/**
 * The breadcrumbs of the screen as [label, state] pairs (without the screen-reader prefix):
 * an existing customer's set is shopping cart → confirm (spec §4, §6; issue 23 finding 7: the
 * skipped customer data and payment steps are not shown at all, least of all as done).
 */
async function breadcrumbs(page, T) {
  const nav = page.getByRole('navigation', { name: T.steps });
  await nav.getByRole('listitem').first().waitFor();
  // The set follows the session's customer, read once the screen is up.
  await page.waitForFunction((label) => document.querySelectorAll(`nav[aria-label="${label}"] li`).length === 2, T.steps, { timeout: 10_000 }).catch(() => undefined);
  return nav.getByRole('listitem').evaluateAll((items) =>
    items.map((li) => [li.lastChild?.textContent?.trim() ?? '', li.getAttribute('data-state')]),
  );
}

/** The cart's checkout button, then (Hostwerk) the register choice of login-or-register. */
async function toBasicInfo(page, slug, size, name) {
  const T = TEXT[size.locale];
  await page.getByRole('button', { name: T.toCheckout }).click();
  if (slug === 'hostwerk') {
    await onPath(page, '/customer/login-or-register');
    await check(page, `${name}: login or register`);
    await page.getByRole('link', { name: T.register }).click();
  }
  await onPath(page, '/customer/basic-info');
  expect(await page.locator('main h1').textContent()).toBe(T.basicHeading);
}

async function fieldError(page, label) {
  const input = page.getByLabel(label);
  const id = await input.getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

describe.each([
  ['hostwerk', 'desktop', 'private', DESKTOP],
  ['hostwerk', 'phone', 'company', PHONE],
  ['alpenhost', 'desktop', 'company', DESKTOP],
  ['alpenhost', 'phone', 'private', PHONE],
])('%s at %s size: a %s customer from the cart to payment', (slug, _label, kind, size) => {
  it('enters basic info and address, fixes what the server refuses, reaches payment', async () => {
    const name = `${slug} ${size.name} ${kind}`;
    const T = TEXT[size.locale];
    const { context, page, errors } = await cartWithProduct(browser, slug, size);
    await toBasicInfo(page, slug, size, name);

    // An empty form is refused in the browser, field by field.
    await page.getByRole('button', { name: T.next, exact: true }).click();
    expect(await page.getByLabel(T.firstName).getAttribute('aria-invalid')).toBe('true');
    await check(page, `${name}: basic info with errors`);

    if (kind === 'company') {
      await page.getByLabel(T.company, { exact: true }).check();
      await page.getByLabel(T.companyName).fill('Muster Hosting GmbH');
      await page.getByLabel(T.vatId).fill('DE 123 456 789');
    }
    await page.getByLabel(T.ms, { exact: true }).check();
    await page.getByLabel(T.firstName).fill('Erika');
    await page.getByLabel(T.lastName).fill('Musterfrau');
    await page.getByLabel(T.email).fill('erika@example.com');
    await check(page, `${name}: basic info filled`);
    await screenshot(page, `customer-${slug}-${size.name}-basic-info`);
    await page.getByRole('button', { name: T.next, exact: true }).click();

    await onPath(page, '/customer/address');
    expect(await page.locator('main h1').textContent()).toBe(T.addressHeading);
    const country = slug === 'alpenhost' ? 'AT' : 'DE';
    expect(await page.getByLabel(T.country).inputValue()).toBe(country);
    // Named in the shop's language, not the country service's English (issue 23).
    expect(await page.getByLabel(T.country).locator('option:checked').textContent()).toContain(T.countryName[slug]);
    await page.getByLabel(T.street).fill('Musterweg 12');
    await page.getByLabel(T.postalCode).fill(slug === 'alpenhost' ? '1010' : '10115');
    await page.getByLabel(T.city).fill(slug === 'alpenhost' ? 'Wien' : 'Berlin');
    // Digits and a leading +, but no number of the country is this short: refused in the browser by the
    // server's own rule (libs/testvectors/phone.json), the server's message at the field.
    await page.getByLabel(T.phone).fill(slug === 'alpenhost' ? '+43 1' : '+49 123');
    const submit = page.getByRole('button', { name: slug === 'hostwerk' ? T.createAccount : T.next, exact: true });
    await submit.click();
    await page.waitForFunction(() => !!document.querySelector('main .hc-field-error'));
    expect(await fieldError(page, T.phone)).toBe(T.phoneInvalid);
    expect(new URL(page.url()).pathname).toBe('/customer/address');
    await check(page, `${name}: address refused by the server`);
    await screenshot(page, `customer-${slug}-${size.name}-address-refused`);

    await page.getByLabel(T.phone).fill(slug === 'alpenhost' ? '+43 1 58801' : '+49 30 1234567');
    // Editing clears the message (spec §4 "Field forms").
    await page.waitForFunction(() => !document.querySelector('main .hc-field-error'));
    await submit.click();
    await onPath(page, '/payment');

    const stored = await sessionCustomer(page);
    expect(stored.validated).toBe(true);
    expect(stored.basic_info.group).toBe(kind === 'company' ? 0 : 1);
    expect(stored.basic_info.company_vat_id).toBe(kind === 'company' ? 'DE123456789' : '');
    expect(stored.address.phone).toBe(slug === 'alpenhost' ? '+43 1 58801' : '+49 30 1234567');

    // Payment: SEPA with an IBAN whose check digits are wrong is refused at its field (ISO 13616; the
    // browser checks as the server does, libs/testvectors/sepa.json), then corrected.
    expect(await page.locator('main h1').textContent()).toBe(T.paymentHeading);
    await check(page, `${name}: payment`);
    await page.getByLabel(T.sepa, { exact: true }).check();
    await page.getByLabel(T.holder).fill('Erika Musterfrau');
    await page.getByLabel(T.iban).fill(slug === 'alpenhost' ? 'AT62 1904 3002 3457 3201' : 'DE88 3704 0044 0532 0130 00');
    await page.getByLabel(T.bic).fill(slug === 'alpenhost' ? 'BKAUATWW' : 'COBADEFFXXX');
    if (slug === 'alpenhost') await page.getByLabel(T.bank).fill('Bank Austria');
    await page.getByLabel(T.permission).check();
    await page.getByRole('button', { name: T.next, exact: true }).click();
    await page.waitForFunction(() => !!document.querySelector('main .hc-field-error'));
    expect(await fieldError(page, T.iban)).toBe(T.ibanInvalid);
    await check(page, `${name}: payment refused by the server`);
    await screenshot(page, `payment-${slug}-${size.name}-sepa-refused`);
    await page.getByLabel(T.iban).fill(slug === 'alpenhost' ? 'AT61 1904 3002 3457 3201' : 'DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: T.next, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/confirm');
    await settled(page);
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
    const payment = await page.evaluate(async () => (await (await fetch('/api/v2/session/payment')).json()).payment);
    expect(payment.type).toBe('sepa');
    expect(payment.iban).toMatch(/^(AT61|DE89)•+(3201|3000)$/);

    // Back from the address keeps what was entered.
    await page.goto(`${brandOrigin(slug)}/customer/basic-info`);
    await settled(page);
    expect(await page.getByLabel(T.firstName).inputValue()).toBe('Erika');

    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});

describe('guards (spec §4)', () => {
  it('sends a visitor with an empty cart from the address to /', async () => {
    const context = await browser.newContext({ viewport: DESKTOP.viewport });
    const page = await context.newPage();
    const errors = collectProblems(page);
    await page.goto(`${brandOrigin('hostwerk')}/customer/address`);
    await page.waitForURL((url) => url.pathname === '/categories');
    await settled(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('an existing Hostwerk customer at %s size', (_label, size) => {
  it('logs in through the popup, lands on post-fill, and the cart leads to the logout view; two-step breadcrumbs throughout', async () => {
    const name = `hostwerk ${size.name} login`;
    const T = TEXT[size.locale];
    const { context, page, errors } = await cartWithProduct(browser, 'hostwerk', size);
    await page.getByRole('button', { name: T.toCheckout }).click();
    await onPath(page, '/customer/login-or-register');
    await check(page, `${name}: login or register`);

    await passesThrough(page, '/postfill', () => loginThroughPopup(page, T.login, SEED_LOGINS.max));
    expect(await page.evaluate(() => localStorage.getItem('customer_number'))).toBe(SEED_LOGINS.max.customerNo);

    await page.goto(`${brandOrigin('hostwerk')}/cart`);
    await settled(page);
    // Issue 22 gap 7: the existing customer's breadcrumb set, shopping cart then confirm.
    expect(await breadcrumbs(page, T)).toEqual([[T.stepCart, 'present'], [T.stepConfirm, 'future']]);
    await check(page, `${name}: cart, two-step breadcrumbs`);
    await page.getByRole('button', { name: T.toCheckout }).click();
    await onPath(page, '/customer/logout');
    expect(await page.locator('main h1').textContent()).toBe(T.logoutHeading);
    expect(await breadcrumbs(page, T)).toEqual([[T.stepCart, 'present'], [T.stepConfirm, 'future']]);
    await check(page, `${name}: logout view`);
    await screenshot(page, `customer-hostwerk-${size.name}-logout-view`);

    // On to confirm: the customer data and payment steps are skipped, so not shown (not 'done').
    await page.getByRole('button', { name: T.proceed }).click();
    await onPath(page, '/confirm');
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
    expect(await breadcrumbs(page, T)).toEqual([[T.stepCart, 'past'], [T.stepConfirm, 'present']]);
    const nav = page.getByRole('navigation', { name: T.steps });
    expect(await nav.getByText(T.stepCustomer).count()).toBe(0);
    expect(await nav.getByText(T.stepPayment).count()).toBe(0);
    await check(page, `${name}: confirm, two-step breadcrumbs`);
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});
