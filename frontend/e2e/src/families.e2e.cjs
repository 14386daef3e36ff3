// Issue 12 (business-address and power-of-attorney families) in Chromium, against a devstack of its
// own (embedded stores; its data folder holds the SMS sandbox's codes): in each brand a business
// address is configured on its field screens — a rental period, street and number, three tenants,
// a changed customer type, a PO box — and a power of attorney with the basic info copied from the
// business address and a signature style; the cart then holds those values and the order goes
// through SEPA (and the SMS the business address asks for) to the success page. Desktop (1280x900,
// German, Hostwerk) and phone (390x844, English, Alpenhost), then every widget screen in the other
// language at each size; axe-core and the layout on every widget screen.
const { mkdtempSync, readFileSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { launch, apiSend, apiGet, collectProblems, screenshot, settled } = require('./browser.cjs');
const { DESKTOP, PHONE, screenFindings, onPath } = require('./checkout.cjs');
const { startDevstack, stopDevstack } = require('./global-setup.cjs');

jest.setTimeout(240_000);

let browser;
let devstack;
let dataDir;
const savedBase = process.env.E2E_BASE_URL;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-families-'));
  devstack = await startDevstack({ DEVSTACK_DATA_DIR: dataDir }, 'devstack-families.log');
  // The shared helpers address the brands under E2E_BASE_URL: this file's own stack.
  process.env.E2E_BASE_URL = devstack.base;
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await stopDevstack(devstack?.child);
  process.env.E2E_BASE_URL = savedBase;
});

function origin(slug) {
  const u = new URL(devstack.base);
  u.hostname = `${slug}.localhost`;
  return u.origin;
}

/** The seed's business address of each brand with its addons (services/catalog/seed/brands). */
const SEED = {
  hostwerk: { product: 1061, privatePerson: 1231, soleTrader: 1232, poBox: 1234, ppoa: 1241, city: 'Berlin' },
  alpenhost: { product: 2051, privatePerson: 2211, soleTrader: 2212, poBox: 2214, ppoa: 2221, city: 'Wien' },
};
/** Field ids of services/catalog/seed/additional_fields.json. */
const FIELD = { customerType: 13, rental: 14, poBox: 15, street: 16, tenants: 18, authorization: 19, basicInfo: 20, signature: 21 };

const TEXT = {
  'de-DE': {
    save: 'Speichern und weiter', months12: /12 Monate/, street: 'Straße', number: 'Hausnummer', addPerson: 'Person hinzufügen',
    first: (n) => `Vorname von Person ${n}`, last: (n) => `Nachname von Person ${n}`,
    soleTrader: /^Einzelunternehmen/, poBox: 'Ich möchte ein Postfach', poNumber: 'Postfachnummer', poZip: 'Postleitzahl des Postfachs', poCity: 'Ort des Postfachs',
    privateAuth: /Private Vollmacht/, businessAuth: /Geschäftliche Vollmacht/, copy: 'Aus der Geschäftsadresse übernehmen', salutation: 'Anrede', place: 'Ort des Vertragsschlusses',
    legalNamed: 'Ada Lovelace erteilt die folgende Vollmacht:', streetRefused: 'Bitte geben Sie eine Hausnummer wie 12, 12a oder 12-14 ein.',
    confirmHeading: 'Prüfen und bestellen', terms: 'Ich akzeptiere die AGB.', privacy: 'Ich habe die Datenschutzerklärung gelesen.',
    gtc: 'Ich akzeptiere die zusätzlichen Produktbedingungen.', buy: 'Zahlungspflichtig bestellen', successHeading: 'Vielen Dank für Ihre Bestellung',
    box: (n) => `Zeichen ${n} von 5`, smsConfirm: 'Bestellung bestätigen',
  },
  'en-GB': {
    save: 'Save and proceed', months12: /12 months/, street: 'Street', number: 'House number', addPerson: 'Add a person',
    first: (n) => `First name of person ${n}`, last: (n) => `Last name of person ${n}`,
    soleTrader: /^Sole/, poBox: 'I would like a PO box', poNumber: 'PO box number', poZip: 'Postcode of the PO box', poCity: 'Town of the PO box',
    privateAuth: /Private power of attorney/, businessAuth: /Business power of attorney/, copy: 'Copy from the business address', salutation: 'Salutation', place: 'Place of contract',
    legalNamed: 'Ada Lovelace grants the following power of attorney:', streetRefused: 'Please enter a house number such as 12, 12a or 12-14.',
    confirmHeading: 'Review and order', terms: 'I accept the terms and conditions.', privacy: 'I have read the privacy policy.',
    gtc: 'I accept the additional product terms.', buy: 'Place binding order', successHeading: 'Thank you for your order',
    box: (n) => `Character ${n} of 5`, smsConfirm: 'Confirm order',
  },
};

const TENANTS = [
  { first_name: 'Ada', last_name: 'Lovelace' },
  { first_name: 'Alan', last_name: 'Turing' },
  { first_name: 'Grace', last_name: 'Hopper' },
];
const CUSTOMER = {
  hostwerk: {
    basic: { group: 1, gender: 1, first_name: 'Ada', last_name: 'Lovelace' },
    address: { street: 'Musterweg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', phone: '+49 30 1234567' },
    sepa: { type: 'sepa', holder: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', permission: true },
  },
  alpenhost: {
    basic: { group: 1, gender: 1, first_name: 'Ada', last_name: 'Lovelace' },
    address: { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' },
    sepa: { type: 'sepa', holder: 'Ada Lovelace', iban: 'AT611904300234573201', bic: 'BKAUATWW', bank: 'Erste Bank', permission: true },
  },
};

/** The newest SMS code the sandbox sent (the data folder's sms/sms.jsonl). */
function lastSMSCode() {
  const file = join(dataDir, 'sms', 'sms.jsonl');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const text = JSON.parse(lines[lines.length - 1]).text;
  return text.slice(text.indexOf(': ') + 2, text.indexOf(': ') + 7);
}

/** Clicks Save on a field screen (Playwright waits until it is enabled) and waits until the flow moved on. */
async function saveAndLeave(page, T) {
  const before = page.url();
  await page.getByRole('button', { name: T.save }).click();
  await page.waitForURL((url) => url.href !== before);
  await settled(page);
}

/**
 * A field shows its rule messages once it is touched: when focus leaves it, or 500 ms after its
 * last edit (TOUCH_DELAY_MS in shared/ui-fields). Instead of waiting out the delay, focus leaves
 * the control edited last (the earlier ones were left as the next was clicked or filled), and the
 * screen is awaited with exactly `messages` field messages on it.
 */
async function leaveField(page, messages) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.waitForFunction((n) => document.querySelectorAll('main .hc-field-error').length === n, messages);
}

/** The answer of the street widget's server check (sent 500 ms after its last edit). */
const streetChecked = (page) => page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/additional-fields/validate') && r.request().method() === 'POST');

const fieldValue = (line, id) => line.additional_fields.find((f) => f.field_id === id)?.value ?? '';

describe('business address and power of attorney in Chromium', () => {
  it.each([
    ['hostwerk', DESKTOP],
    ['alpenhost', PHONE],
  ])('%s, %s size: configured on the widget screens and ordered', async (slug, size) => {
    const T = TEXT[size.locale];
    const S = SEED[slug];
    const name = `families ${slug} ${size.name}`;
    const findings = [];
    const check = async (label) => findings.push(...(await screenFindings(page, `${name}: ${label}`)));
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    // The house number the server refuses (below) is a 200 answer with the field's keys (issue 22:
    // it was a 422, which Chromium logs as a console error), so nothing is allowed here.
    const errors = collectProblems(page);
    await page.goto(`${origin(slug)}/categories`);
    await settled(page);
    await apiSend(page, 'PUT', '/session/locale', { code: size.locale });

    // The business address's own fields: rental period, street pair, three tenants.
    await page.goto(`${origin(slug)}/additional-product-fields?id=${S.product}`);
    await settled(page);
    await check('product fields');
    await page.getByRole('button', { name: T.months12 }).click();
    expect(await page.getByRole('button', { name: T.months12 }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel(T.street, { exact: true }).fill('Friedrichstraße');
    // A house number the server refuses is reported 500 ms after the last edit.
    await page.getByLabel(T.number, { exact: true }).fill('abc');
    await page.getByText(T.streetRefused).first().waitFor();
    await check('street refused');
    const checked = streetChecked(page);
    await page.getByLabel(T.number, { exact: true }).fill('123a');
    await page.getByRole('button', { name: T.addPerson }).click();
    await page.getByRole('button', { name: T.addPerson }).click();
    for (const [i, p] of TENANTS.entries()) {
      await page.getByLabel(T.first(i + 1), { exact: true }).fill(p.first_name);
      await page.getByLabel(T.last(i + 1), { exact: true }).fill(p.last_name);
    }
    // The server accepted the number (the widget is busy until its answer is shown), and no field
    // has a message.
    await checked;
    await settled(page);
    await leaveField(page, 0);
    await check('product fields filled');
    await screenshot(page, `${name.replace(/ /g, '-')}-product-fields`);
    await saveAndLeave(page, T);

    const { cart } = await apiGet(page, '/session/cart');
    const item = cart.items.find((i) => i.product.id === S.product);
    const rowId = item.row_id;
    // The variants, options and power of attorney as the guided flow's addon screens would add them.
    for (const addon of [S.privatePerson, S.poBox, S.ppoa]) {
      const now = (await apiGet(page, '/session/cart')).cart.items.find((i) => i.row_id === rowId);
      if (!now.addons.some((a) => a.id === addon)) await apiSend(page, 'POST', `/session/cart/items/${rowId}/addons`, { addon_id: addon });
    }

    // Customer type: choosing another variant swaps the addon and shows its fields.
    await page.goto(`${origin(slug)}/additional-addon-fields?id=${rowId}&addonId=${S.privatePerson}`);
    await settled(page);
    await check('customer type');
    await page.getByRole('radio', { name: T.soleTrader }).click();
    await page.waitForURL((url) => url.searchParams.get('addonId') === String(S.soleTrader));
    await settled(page);
    expect(await page.getByRole('radio', { name: T.soleTrader }).isChecked()).toBe(true);
    await saveAndLeave(page, T);

    // PO box: its inputs appear with the checkbox and are required.
    await page.goto(`${origin(slug)}/additional-addon-fields?id=${rowId}&addonId=${S.poBox}`);
    await settled(page);
    await page.getByLabel(T.poBox).check();
    expect(await page.getByLabel(T.poNumber).getAttribute('aria-required')).toBe('true');
    // Left unfilled, the PO box says its inputs are required.
    await leaveField(page, 1);
    await check('PO box required');
    await page.getByLabel(T.poNumber).fill('4711');
    await page.getByLabel(T.poZip).fill(slug === 'alpenhost' ? '1010' : '10117');
    await page.getByLabel(T.poCity).fill(S.city);
    await saveAndLeave(page, T);

    // Power of attorney: private authorisation, basic info copied from the tenants, a signature style.
    await page.goto(`${origin(slug)}/additional-addon-fields?id=${rowId}&addonId=${S.ppoa}`);
    await settled(page);
    await check('power of attorney');
    await page.getByLabel(T.privateAuth).check();
    await page.getByRole('button', { name: T.copy }).click();
    await page.getByLabel(T.salutation).selectOption('ms');
    await page.getByText(T.legalNamed).waitFor();
    await page.getByRole('radio', { name: 'Montez' }).check();
    await page.getByLabel(T.place).fill(S.city);
    // The basic info was filled by the copy button and the select, never by typing: through its
    // salutation, focus enters and leaves it too. Everything is filled: no messages.
    await page.getByLabel(T.salutation).focus();
    await leaveField(page, 0);
    await check('power of attorney filled');
    await screenshot(page, `${name.replace(/ /g, '-')}-power-of-attorney`);
    await saveAndLeave(page, T);

    // The cart holds the widgets' values.
    const stored = (await apiGet(page, '/session/cart')).cart.items.find((i) => i.row_id === rowId);
    expect(fieldValue(stored.product, FIELD.rental)).toBe('12');
    expect(JSON.parse(fieldValue(stored.product, FIELD.street))).toEqual({ street: 'Friedrichstraße', number: '123a' });
    expect(JSON.parse(fieldValue(stored.product, FIELD.tenants))).toEqual({ persons: TENANTS });
    const addon = (id) => stored.addons.find((a) => a.id === id);
    expect(addon(S.privatePerson)).toBeUndefined();
    expect(fieldValue(addon(S.soleTrader), FIELD.customerType)).toBe(String(S.soleTrader));
    expect(JSON.parse(fieldValue(addon(S.poBox), FIELD.poBox))).toEqual({ enabled: true, number: '4711', zip: slug === 'alpenhost' ? '1010' : '10117', city: S.city });
    const ppoa = addon(S.ppoa);
    expect(JSON.parse(fieldValue(ppoa, FIELD.authorization))).toEqual({ private: true, business: false });
    expect(JSON.parse(fieldValue(ppoa, FIELD.basicInfo))).toEqual({ private: { salutation: 'ms', first_name: 'Ada', last_name: 'Lovelace' } });
    const signature = JSON.parse(fieldValue(ppoa, FIELD.signature));
    expect(signature).toMatchObject({ style: 'montez-regular', place: S.city });
    expect(signature.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);

    // Customer and SEPA as the checkout screens store them, then confirm, SMS and success.
    const email = `families-${slug}-${size.name}@example.org`;
    await apiSend(page, 'PUT', '/session/basic-info', { ...CUSTOMER[slug].basic, email });
    await apiSend(page, 'PUT', '/session/address-info', CUSTOMER[slug].address);
    await apiSend(page, 'PUT', '/session/payment', CUSTOMER[slug].sepa);
    await page.goto(`${origin(slug)}/confirm`);
    await onPath(page, '/confirm');
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
    await page.getByLabel(T.terms).check();
    await page.getByLabel(T.privacy).check();
    const gtc = page.getByLabel(T.gtc);
    if (await gtc.count()) await gtc.check();
    await page.getByRole('button', { name: T.buy }).click();
    await page.waitForURL((url) => url.pathname === '/sms-validation' || url.pathname.startsWith('/success/'));
    if (new URL(page.url()).pathname === '/sms-validation') {
      // The business address asks for SMS validation (sms_validation in the seed).
      await settled(page);
      await page.getByLabel(T.box(1)).focus();
      await page.keyboard.type(lastSMSCode());
      await page.getByRole('button', { name: T.smsConfirm }).click();
    }
    await page.waitForURL((url) => url.pathname.startsWith('/success/'));
    await settled(page);
    expect(await page.locator('main h1').textContent()).toBe(T.successHeading);
    const orderId = new URL(page.url()).pathname.split('/').pop();
    const { order } = await apiGet(page, `/orders/${orderId}`);
    expect(order.status).toBe('placed');
    expect(await page.locator('main').textContent()).toContain(order.order_code);

    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  // The other language at each size: every widget screen, with the conditional parts shown.
  it.each([
    ['hostwerk', { ...PHONE, locale: 'de-DE' }],
    ['alpenhost', { ...DESKTOP, locale: 'en-GB' }],
  ])('%s, %s: the widget screens in the other language', async (slug, size) => {
    const T = TEXT[size.locale];
    const S = SEED[slug];
    const name = `families ${slug} ${size.name} ${size.locale}`;
    const findings = [];
    const check = async (label) => findings.push(...(await screenFindings(page, `${name}: ${label}`)));
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    const errors = collectProblems(page);
    await page.goto(`${origin(slug)}/categories`);
    await settled(page);
    await apiSend(page, 'PUT', '/session/locale', { code: size.locale });
    const { row_id: rowId } = await apiSend(page, 'POST', '/session/cart/items', {
      product_id: S.product,
      additional_fields: [{ field_id: FIELD.tenants, value: JSON.stringify({ persons: TENANTS }) }],
    });
    for (const addon of [S.privatePerson, S.poBox, S.ppoa]) await apiSend(page, 'POST', `/session/cart/items/${rowId}/addons`, { addon_id: addon });

    await page.goto(`${origin(slug)}/additional-product-fields?rowId=${rowId}&id=${S.product}`);
    await settled(page);
    await page.getByRole('button', { name: T.addPerson }).click();
    await page.getByLabel(T.first(4), { exact: true }).fill('Linus');
    // The fourth tenant has no last name.
    await leaveField(page, 1);
    await check('product fields, a half-filled tenant');
    await page.goto(`${origin(slug)}/additional-addon-fields?id=${rowId}&addonId=${S.privatePerson}`);
    await settled(page);
    await check('customer type');
    await page.goto(`${origin(slug)}/additional-addon-fields?id=${rowId}&addonId=${S.poBox}`);
    await settled(page);
    await page.getByLabel(T.poBox).check();
    await leaveField(page, 1);
    await check('PO box required');
    await page.goto(`${origin(slug)}/additional-addon-fields?id=${rowId}&addonId=${S.ppoa}`);
    await settled(page);
    await page.getByLabel(T.privateAuth).check();
    await page.getByLabel(T.businessAuth).check();
    for (const copy of await page.getByRole('button', { name: T.copy }).all()) await copy.click();
    await page.getByRole('radio', { name: 'Sacramento' }).check();
    // The copied basic info (no salutation chosen) and the signature (no place) have messages;
    // focus enters and leaves the basic info through its first salutation (it was only copied into).
    await page.getByLabel(T.salutation).first().focus();
    await leaveField(page, 2);
    await check('power of attorney, both authorisations');
    await screenshot(page, `${name.replace(/ /g, '-')}-power-of-attorney`);

    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });
});
