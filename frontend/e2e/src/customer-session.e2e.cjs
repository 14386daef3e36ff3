// Issue 9 in Chromium, the login's other ends (customer.e2e.cjs covers the forms and the login
// itself): a login the authority did not grant shows spec §8's 'login failed' / 'unable to
// authenticate' with 'start new order and login later'; an existing customer meets the §4 guards
// (basic info → confirm, address → /), goes on to post-fill or logs out from the logout view (§2:
// the stored customer number is cleared, categories follow, the logout view is closed to them
// then). Desktop in German, phone in English; axe-core on every screen.
const { launch, brandOrigin, provoked, screenshot, settled } = require('./browser.cjs');
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
    toCheckout: 'Zur Kasse', login: 'Anmelden', logout: 'Abmelden', proceed: 'Mit meiner Bestellung fortfahren', logoutHeading: 'Ihr Kundenkonto',
    loginFailed: 'Die Anmeldung ist fehlgeschlagen.', unableToAuthenticate: 'Wir konnten Sie nicht authentifizieren.',
    startNewOrder: 'Neue Bestellung beginnen und später anmelden',
  },
  'en-GB': {
    toCheckout: 'To checkout', login: 'Log in', logout: 'Log out', proceed: 'Continue with my order', logoutHeading: 'Your customer account',
    loginFailed: 'Login failed.', unableToAuthenticate: 'We were unable to authenticate you.', startNewOrder: 'Start a new order and log in later',
  },
};

const pathname = (page) => new URL(page.url()).pathname;
const storedNumber = (page) => page.evaluate(() => localStorage.getItem('customer_number'));

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('a login the authority did not grant, at %s size', (_label, size) => {
  it("explains it and offers to start a new order (spec §8 'login failed')", async () => {
    const T = TEXT[size.locale];
    // The callback as the authority would call it, with a code and state this session never asked for.
    const callback = '/oauth/callback?code=forged-code&state=forged-state';
    const { context, page, errors } = await cartWithProduct(browser, 'hostwerk', size, {
      path: '/categories',
      product: null,
      allow: [provoked(401, 'POST', '/customer/login', 'the forged callback is refused, which this test provokes')],
    });
    const [login] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/customer/login'),
      page.goto(`${brandOrigin('hostwerk')}${callback}`),
    ]);
    expect(login.status()).toBe(401);
    expect((await login.json()).error).toBe('customer.login_failed');
    await settled(page);
    expect(await page.locator('main h1').textContent()).toBe(T.loginFailed);
    expect(await page.locator('main [role="alert"]').textContent()).toBe(T.unableToAuthenticate);
    const findings = await screenFindings(page, `login failed ${size.name}`);
    await screenshot(page, `customer-login-failed-${size.name}`);

    expect((await sessionCustomer(page)).customer_no).toBe('');
    await page.getByRole('link', { name: T.startNewOrder }).click();
    await onPath(page, '/categories');
    expect(await storedNumber(page)).toBeNull();
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('an existing Hostwerk customer at %s size', (_label, size) => {
  it('is kept from the forms, goes on to post-fill from the logout view, then logs out there', async () => {
    const T = TEXT[size.locale];
    const user = SEED_LOGINS.erika;
    const origin = brandOrigin('hostwerk');
    const { context, page, errors } = await cartWithProduct(browser, 'hostwerk', size);
    const findings = [];
    await page.getByRole('button', { name: T.toCheckout }).click();
    await onPath(page, '/customer/login-or-register');
    await passesThrough(page, '/postfill', () => loginThroughPopup(page, T.login, user));
    expect(await storedNumber(page)).toBe(user.customerNo);

    // Guards of §4 for an existing customer: basic info goes on to confirm, the address to '/'.
    await page.goto(`${origin}/customer/basic-info`);
    await page.waitForURL((url) => url.pathname === '/confirm');
    await page.goto(`${origin}/customer/address`);
    await page.waitForURL((url) => url.pathname === '/categories');

    // The cart leads an existing customer to the logout view; "proceed" goes on to post-fill.
    await page.goto(`${origin}/cart`);
    await settled(page);
    await page.getByRole('button', { name: T.toCheckout }).click();
    await onPath(page, '/customer/logout');
    expect(await page.locator('main h1').textContent()).toBe(T.logoutHeading);
    expect(await page.locator('main').textContent()).toContain(user.customerNo);
    findings.push(...(await screenFindings(page, `logout view ${size.name}`)));
    await passesThrough(page, '/postfill', () => page.getByRole('button', { name: T.proceed, exact: true }).click());

    // Logging out forgets the customer in the session and in browser storage.
    await page.goto(`${origin}/customer/logout`);
    await settled(page);
    await page.getByRole('button', { name: T.logout, exact: true }).click();
    await onPath(page, '/categories');
    expect(await storedNumber(page)).toBeNull();
    expect((await sessionCustomer(page)).customer_no).toBe('');

    // Without a customer number the logout view is not there (spec §2).
    await page.goto(`${origin}/customer/logout`);
    await page.waitForURL((url) => url.pathname === '/categories');
    expect(pathname(page)).toBe('/categories');
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});
