// Issue 11 acceptance in Chromium, against a devstack of its own on the machine's PostgreSQL, Redis
// and NATS: private persons and companies of both brands order hosting with a domain and pay by
// SEPA, by the sandbox card through its 3-D Secure page, by the sandbox PayPal subscription, and by
// SEPA and bank transfer with SMS validation (Alpenhost's types require it; the code is read from
// the SMS sandbox). The success page shows the order number. Afterwards PostgreSQL holds exactly
// these orders with the totals the priced cart showed before confirming, each order's event was
// published once, and each got one confirmation mail. Desktop (1280x900, starting in German) and
// phone (390x844, starting in English); every walk but the card's switches the language on confirm
// and on success; axe-core and the layout checks on every new screen and in both languages.
// Issue 23 (findings 3 and 4): on every confirm page, for both brands, both sizes and both languages,
// the box directly above the order button lists each product's term, renewal and notice in words and
// the priced cart's first-term total and amount due today; Alpenhost's payment step says which types
// need an SMS code, words the SEPA mandate with the brand's creditor and the eight-week refund and
// starts the holder as the customer's name; the SMS screen names the masked number. A SEPA confirm
// page names the mandate reference made when SEPA was chosen, and the order carries that same one;
// the success page repeats the lines and totals (first term, due today) of the confirm page, the
// next steps and the new customer's account and names a SEPA order's mandate reference (SEPA walks
// at both sizes); no page or console error and no failing request of the shop on any walk.
const { execFile, execFileSync } = require('node:child_process');
const { once } = require('node:events');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, watch } = require('node:fs');
const { promisify } = require('node:util');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { launch, apiSend, apiGet, collectProblems, provoked, screenshot, settled, switchLanguage } = require('./browser.cjs');
const { DESKTOP, PHONE, PRODUCT, screenFindings, onPath } = require('./checkout.cjs');
const { startDevstack, stopDevstack } = require('./global-setup.cjs');

jest.setTimeout(240_000);

const PG = ['-h', process.env.PGHOST || '127.0.0.1', '-U', process.env.PGUSER || 'postgres', '-v', 'ON_ERROR_STOP=1', '-At'];
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DB = `e2e_orders_${suffix}`;
const STREAM = `E2E_ORDERS_${suffix.toUpperCase()}`;

function psql(db, sql) {
  return execFileSync('psql', [...PG, '-d', db, '-c', sql], { encoding: 'utf8' }).trim();
}

/**
 * Runs the query until done(answer) and answers that answer: each query starts when the previous
 * one has answered (no pause, no clock); jest's timeout bounds the wait.
 */
async function psqlUntil(db, sql, done) {
  for (;;) {
    const { stdout } = await promisify(execFile)('psql', [...PG, '-d', db, '-c', sql], { encoding: 'utf8' });
    if (done(stdout.trim())) return stdout.trim();
  }
}

/**
 * The mail sandbox's mails (one JSON line each in <dir>/mail.jsonl) once there are at least n,
 * read again at each change in dir: the sandbox writing is the event awaited. A line not yet ended
 * by its newline is not read.
 */
async function mailsWhen(dir, n) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'mail.jsonl');
  const read = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1).filter(Boolean).map((l) => JSON.parse(l)) : []);
  const watcher = watch(dir);
  try {
    for (;;) {
      const mails = read();
      if (mails.length >= n) return mails;
      await once(watcher, 'change');
    }
  } finally {
    watcher.close();
  }
}

let browser;
let devstack;
let dataDir;
let base;
const savedBase = process.env.E2E_BASE_URL;
/** order id -> the priced cart's gross total the confirm page showed. */
const expected = new Map();

beforeAll(async () => {
  psql('postgres', `CREATE DATABASE ${DB}`);
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-orders-'));
  devstack = await startDevstack(
    {
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${DB}?sslmode=disable`,
      REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379/0',
      NATS_URL: process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222',
      NATS_STREAM: STREAM,
      NATS_SUBJECT_PREFIX: `${STREAM.toLowerCase()}.`,
      DEVSTACK_DATA_DIR: dataDir,
    },
    'devstack-orders.log',
  );
  base = devstack.base;
  // The shared helpers address the brands under E2E_BASE_URL: this file's own stack.
  process.env.E2E_BASE_URL = base;
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await stopDevstack(devstack?.child);
  process.env.E2E_BASE_URL = savedBase;
  try {
    psql('postgres', `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  } catch (err) {
    console.error(`could not drop ${DB}: ${err.message}`);
  }
});

const TEXT = {
  'de-DE': {
    locale: 'de-DE', other: 'en-GB', language: 'Deutsch',
    confirmHeading: 'Prüfen und bestellen', terms: 'Ich akzeptiere die AGB.', privacy: 'Ich habe die Datenschutzerklärung gelesen.',
    gtc: 'Ich akzeptiere die zusätzlichen Produktbedingungen.', buy: 'Zahlungspflichtig bestellen', successHeading: 'Vielen Dank für Ihre Bestellung',
    paymentHeading: 'Wie möchten Sie bezahlen?', next: 'Weiter', card: 'Kreditkarte', paypal: 'PayPal', bankTransfer: 'Überweisung',
    number: /Kartennummer/, expiry: /Gültig bis/, cvc: /Kartenprüfnummer/, holder: /Name auf der Karte/,
    smsHeading: 'Bestellung per SMS bestätigen', smsConfirm: 'Bestellung bestätigen', box: (n) => `Zeichen ${n} von 5`, smsInvalid: 'Der Code ist nicht korrekt.',
    boxHeading: 'Ihre Bestellung im Überblick',
    termsInWords: {
      business: /Mindestlaufzeit \d+ Monate?, verlängert sich danach um jeweils \d+ Monate?, kündbar mit einer Frist von \d+ (Monat|Monaten|Tag|Tagen) zum Ende der Laufzeit\./,
      consumer: /Mindestlaufzeit \d+ Monate?, kündbar mit einer Frist von (1 Monat|\d+ Tag|\d+ Tagen) zum Ende der Mindestlaufzeit; danach läuft der Vertrag auf unbestimmte Zeit und ist jederzeit mit einer Frist von einem Monat kündbar\./,
    },
    firstTerm: (m) => (m > 0 ? `Gesamt für die ersten ${m} Monate` : 'Gesamt für die ersten Laufzeiten'), dueToday: 'Heute fällig', renewal: /Ab Monat \d+: /,
    sepa: 'SEPA-Lastschrift', smsHint: 'Für diese Zahlungsart bestätigen Sie Ihre Bestellung mit einem Code, den wir per SMS an Ihre Handynummer senden.',
    holderLabel: 'Kontoinhaber', mandate: 'Ich ermächtige Alpenhost GmbH (Gläubiger-Identifikationsnummer AT92ZZZ00000012345)',
    refund: 'Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen.',
    smsTo: 'Wir haben Ihnen einen Code per SMS an die Nummer +43••••01 geschickt.',
    mandateReference: (ref) => `Mandatsreferenz des SEPA-Lastschriftmandats: ${ref}`,
    nextSteps: 'So geht es weiter', newAccount: 'Mit Ihrer Bestellung legen wir Ihr Kundenkonto bei',
  },
  'en-GB': {
    locale: 'en-GB', other: 'de-DE', language: 'English',
    confirmHeading: 'Review and order', terms: 'I accept the terms and conditions.', privacy: 'I have read the privacy policy.',
    gtc: 'I accept the additional product terms.', buy: 'Place binding order', successHeading: 'Thank you for your order',
    paymentHeading: 'How would you like to pay?', next: 'Next', card: 'Credit card', paypal: 'PayPal', bankTransfer: 'Bank transfer',
    number: /Card number/, expiry: /Expiry date/, cvc: /Security code/, holder: /Name on card/,
    smsHeading: 'Confirm your order by SMS', smsConfirm: 'Confirm order', box: (n) => `Character ${n} of 5`, smsInvalid: 'The code is not correct.',
    boxHeading: 'Your order at a glance',
    termsInWords: {
      business: /Minimum term \d+ months?, then renews for \d+ months? at a time; can be cancelled with a notice period of \d+ (month|months|day|days) to the end of the term\./,
      consumer: /Minimum term \d+ months?; can be cancelled with a notice period of (1 month|\d+ days?) to the end of the minimum term; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice\./,
    },
    firstTerm: (m) => (m > 0 ? `Total for the first ${m} months` : 'Total for the first terms'), dueToday: 'Due today', renewal: /From month \d+: /,
    sepa: 'SEPA direct debit', smsHint: 'With this payment method you confirm your order with a code we send by SMS to your mobile phone number.',
    holderLabel: 'Account holder', mandate: 'I authorise Alpenhost GmbH (creditor identifier AT92ZZZ00000012345)',
    refund: 'A refund must be claimed within eight weeks starting from the date on which my account was debited.',
    smsTo: 'We have sent a code by SMS to +43••••01.',
    mandateReference: (ref) => `SEPA direct debit mandate reference: ${ref}`,
    nextSteps: 'What happens next', newAccount: 'With your order we create your customer account with',
  },
};

const PERSON = {
  private: { group: 1, gender: 1, first_name: 'Erika', last_name: 'Muster' },
  company: { group: 0, gender: 0, first_name: 'Max', last_name: 'Gruber', company_name: 'Gruber Webdesign GmbH' },
};
const ADDRESS = {
  hostwerk: { street: 'Musterweg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', phone: '+49 30 1234567' },
  alpenhost: { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' },
};
const SEPA = {
  hostwerk: { type: 'sepa', holder: 'Erika Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', permission: true },
  alpenhost: { type: 'sepa', holder: 'Erika Muster', iban: 'AT611904300234573201', bic: 'BKAUATWW', bank: 'Erste Bank', permission: true },
};

function origin(slug) {
  const u = new URL(base);
  u.hostname = `${slug}.localhost`;
  return u.origin;
}

let findings = [];
beforeEach(() => {
  findings = [];
});
async function check(page, name) {
  findings.push(...(await screenFindings(page, name)));
}

/**
 * A fresh session with hosting and a domain in the cart and the customer's data saved. `errors`
 * is what the shop's pages logged (browser.cjs collectProblems); `allow` names the failures the
 * test provokes on purpose.
 */
async function readyForPayment(slug, size, kind, allow = []) {
  const context = await browser.newContext({ viewport: size.viewport });
  const page = await context.newPage();
  const errors = collectProblems(page, allow);
  await page.goto(`${origin(slug)}/categories`);
  await settled(page);
  await apiSend(page, 'PUT', '/session/locale', { code: size.locale });
  const added = await apiSend(page, 'POST', '/session/cart/items', { product_id: PRODUCT[slug] });
  const tld = slug === 'alpenhost' ? 'at' : 'de';
  await apiSend(page, 'POST', `/session/cart/items/${added.row_id}/domains`, { name: `e2e-${kind}-${suffix}.${tld}` });
  const email = `${kind}-${slug}-${size.name}@example.org`;
  await apiSend(page, 'PUT', '/session/basic-info', { ...PERSON[kind], email });
  await apiSend(page, 'PUT', '/session/address-info', ADDRESS[slug]);
  return { context, page, errors, email };
}

/**
 * What the last confirm page showed: its priced cart per locale (names are in the session's
 * language) and the SEPA mandate reference ('' for other payments).
 */
let shown = { priced: {}, mandate: '' };

/**
 * On /confirm: the contract box and the SEPA mandate reference; with `switched`, the same again
 * after the header's switch to the other language (a full reload), so each walk sees the box in
 * both languages at its size; then the consents the cart asks for and buy, in the language shown
 * last. Answers the gross total shown by the priced cart.
 */
async function confirmAndBuy(page, T, name, switched = false) {
  await onPath(page, '/confirm');
  expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
  await check(page, `${name}: confirm`);
  await screenshot(page, `order-${name.replace(/ /g, '-')}-confirm`);
  const priced = await apiGet(page, '/session/cart/priced');
  const gross = Number(priced.priced.totals.total_gross_cents);
  await contractBox(page, T, priced.priced);
  // A SEPA payment's mandate text names the reference made when SEPA was chosen (issue 23); the
  // order's mandate must carry the same one (success()).
  const { payment } = await apiGet(page, '/session/payment');
  shown = { priced: { [T.locale]: priced.priced }, mandate: '' };
  if (payment?.type === 'sepa') {
    expect(payment.mandate_reference).toMatch(/^HC\d{6}[A-Z0-9]{12}$/);
    expect(await page.getByTestId('contract-mandate').textContent()).toBe(T.mandateReference(payment.mandate_reference));
    shown.mandate = payment.mandate_reference;
  }
  if (switched) {
    T = TEXT[T.other];
    await switchLanguage(page, T.language);
    expect(await page.locator('main h1').textContent()).toBe(T.confirmHeading);
    // The same figures, the names in the language switched to.
    const again = (await apiGet(page, '/session/cart/priced')).priced;
    expect(again.totals).toEqual(priced.priced.totals);
    shown.priced[T.locale] = again;
    await contractBox(page, T, again);
    if (shown.mandate) expect(await page.getByTestId('contract-mandate').textContent()).toBe(T.mandateReference(shown.mandate));
    await check(page, `${name}: confirm ${T.locale}`);
  }
  await page.getByLabel(T.terms).check();
  await page.getByLabel(T.privacy).check();
  const gtc = page.getByLabel(T.gtc);
  if (await gtc.count()) await gtc.check();
  await page.getByRole('button', { name: T.buy }).click();
  return gross;
}

/** Money as the shop prints it (util-pricing formatCents), spaces plain. */
function money(cents, locale) {
  return plain(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100));
}
const plain = (s) => s.replace(/[\u00a0\u202f]/g, ' ');

/**
 * The box directly above the order button (issue 23, § 312j BGB): per product term, renewal and
 * notice in words and the price from month N+1; the priced cart's first-term total and due today.
 */
async function contractBox(page, T, priced) {
  const box = page.getByTestId('contract-box');
  await box.waitFor();
  expect(await box.getByRole('heading', { level: 2 }).textContent()).toBe(T.boxHeading);
  const { locale } = T;
  const text = plain(await box.textContent());
  // A consumer's terms are those of § 309 Nr. 9 BGB, a business gets the catalog's.
  const { customer } = await apiGet(page, '/session/customer');
  expect(text).toMatch(customer.basic_info?.group === 0 ? T.termsInWords.business : T.termsInWords.consumer);
  expect(text).toMatch(T.renewal);
  const figures = priced.totals.presentation;
  const totals = plain(await box.getByTestId('contract-totals').textContent());
  expect(totals).toContain(`${T.firstTerm(Number(figures.first_term_months))}${money(Number(figures.first_term_cents), locale)}`);
  expect(totals).toContain(`${T.dueToday}${money(Number(figures.due_today_cents), locale)}`);
  // Directly above the button: the next element holds it, and both are on screen together.
  expect(await box.evaluate((el, label) => [...el.nextElementSibling.querySelectorAll('button')].some((b) => b.textContent === label), T.buy)).toBe(true);
}

/**
 * The success page: its order number is the order's code, the mandate reference of a SEPA order,
 * the summary; with `switched`, all again in the other language.
 * Remembers the expected total.
 */
async function success(page, T, name, gross, switched = false) {
  await page.waitForURL((url) => url.pathname.startsWith('/success/'));
  await settled(page);
  const orderId = new URL(page.url()).pathname.split('/').pop();
  const { order } = await apiGet(page, `/orders/${orderId}`);
  expect(order.status).toBe('placed');
  if (order.payment_type === 'sepa') {
    expect(order.sepa_mandate_reference).toMatch(/^[A-Z0-9+?/:().,' -]{1,35}$/);
    // The reference the confirm page named (made when SEPA was chosen) is the order's.
    expect(order.sepa_mandate_reference).toBe(shown.mandate);
  }
  for (const U of switched ? [T, TEXT[T.other]] : [T]) {
    if (U !== T) {
      // The session's language and a reload, not the header's switch: that one can unmount the
      // page before the reload (the locale query refetches first), and leaving the success page
      // drops the kept summary (useResetOnLeave), so the reloaded page would show none.
      await apiSend(page, 'PUT', '/session/locale', { code: U.locale });
      await page.reload();
      await settled(page);
    }
    expect(await page.locator('main h1').textContent()).toBe(U.successHeading);
    expect(await page.locator('main').textContent()).toContain(order.order_code);
    // A SEPA order names the mandate reference the payment service created for it (issue 23).
    expect(await page.getByTestId('success-mandate').count()).toBe(order.payment_type === 'sepa' ? 1 : 0);
    if (order.payment_type === 'sepa') expect(await page.getByTestId('success-mandate').textContent()).toBe(U.mandateReference(order.sepa_mandate_reference));
    // The lines as ordered: their names stay in the language the order was placed in (T's), the
    // labels and figures follow the page's language.
    await successSummary(page, U, shown.priced[T.locale]);
    // axe and the layout in the first language only: the second adds text, no new structure.
    if (U !== T) continue;
    await check(page, `${name}: success`);
    await screenshot(page, `order-${name.replace(/ /g, '-')}-success`);
  }
  expected.set(orderId, gross);
  return order;
}

/**
 * The success page's summary (issue 23): the lines the confirm page listed and the same totals
 * (first term, due today) from the price presentation, the next steps and the customer account.
 */
async function successSummary(page, T, priced) {
  const { locale } = T;
  const cart = plain(await page.getByTestId('success-cart').textContent());
  for (const item of priced.items) {
    for (const line of [item.product, ...item.addons, ...item.upsells].filter((l) => l && !l.hide_in_cart)) expect(cart).toContain(line.name);
    for (const d of item.domains) expect(cart).toContain(d.name);
  }
  const figures = priced.totals.presentation;
  const totals = plain(await page.getByTestId('success-totals').textContent());
  expect(totals).toContain(`${T.firstTerm(Number(figures.first_term_months))}${money(Number(figures.first_term_cents), locale)}`);
  expect(totals).toContain(`${T.dueToday}${money(Number(figures.due_today_cents), locale)}`);
  expect(await page.getByTestId('success-next-steps').getByRole('heading', { level: 2 }).textContent()).toBe(T.nextSteps);
  expect(await page.getByTestId('success-account').textContent()).toContain(T.newAccount);
}

/** The newest SMS code the sandbox sent (devstack's data dir, sms/sms.jsonl). */
function lastSMSCode() {
  const lines = readFileSync(join(dataDir, 'sms', 'sms.jsonl'), 'utf8').trim().split('\n');
  const text = JSON.parse(lines[lines.length - 1]).text;
  return text.slice(text.indexOf(': ') + 2, text.indexOf(': ') + 7);
}

describe('orders in Chromium', () => {
  // Every walk but the card's sees confirm and success in both languages (a switch on each page),
  // so each brand's confirm box and success page is checked at both sizes in both languages. The card walk does not switch: the typed card lives in the page's memory only and
  // a reload on /confirm would drop it.
  it('Hostwerk, desktop: a private person pays by SEPA', async () => {
    const T = TEXT[DESKTOP.locale];
    const { context, page, errors } = await readyForPayment('hostwerk', DESKTOP, 'private');
    await apiSend(page, 'PUT', '/session/payment', SEPA.hostwerk);
    await page.goto(`${origin('hostwerk')}/confirm`);
    const gross = await confirmAndBuy(page, T, 'hostwerk desktop sepa', true);
    await success(page, TEXT[T.other], 'hostwerk desktop sepa', gross, true);
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  it('Hostwerk, desktop: a company pays by the sandbox card through 3-D Secure', async () => {
    const T = TEXT[DESKTOP.locale];
    const { context, page, errors } = await readyForPayment('hostwerk', DESKTOP, 'company');
    await page.goto(`${origin('hostwerk')}/payment`);
    await settled(page);
    await page.getByRole('radio', { name: T.card }).check();
    await page.getByLabel(T.number).fill('4000 0000 0000 3220');
    await page.getByLabel(T.expiry).fill('12/39');
    await page.getByLabel(T.cvc).fill('737');
    await page.getByLabel(T.holder).fill('Max Gruber');
    await page.getByRole('button', { name: T.next }).click();
    const gross = await confirmAndBuy(page, T, 'hostwerk desktop card');
    // The sandbox's challenge page, then back to /confirm?redirectResult=...
    await page.waitForURL((url) => url.pathname === '/3ds');
    await page.getByRole('button', { name: 'Approve' }).click();
    await success(page, T, 'hostwerk desktop card', gross);
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  it('Hostwerk, phone: a company pays by the sandbox PayPal subscription', async () => {
    const T = TEXT[PHONE.locale];
    const { context, page, errors } = await readyForPayment('hostwerk', PHONE, 'company');
    await page.goto(`${origin('hostwerk')}/payment`);
    await settled(page);
    await page.getByRole('radio', { name: T.paypal }).check();
    await page.getByRole('button', { name: T.next }).click();
    const gross = await confirmAndBuy(page, T, 'hostwerk phone paypal', true);
    await page.waitForURL((url) => url.pathname === '/paypal');
    await page.getByRole('button', { name: 'Agree and subscribe' }).click();
    const order = await success(page, TEXT[T.other], 'hostwerk phone paypal', gross, true);
    expect(order.payment_type).toBe('paypal-integration');
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  // SEPA at phone size: the payment step's SMS hint and mandate text and the mandate reference on
  // confirm and success are seen on a phone here, on a desktop in Hostwerk's SEPA walk.
  it.each([
    ['desktop', 'company', 'bank-transfer', DESKTOP],
    ['phone', 'private', 'sepa', PHONE],
  ])('Alpenhost, %s size: a %s customer confirms the order by SMS (%s)', async (_label, kind, type, size) => {
    let T = TEXT[size.locale];
    const name = `alpenhost ${size.name} ${type}`;
    const { context, page, errors } = await readyForPayment('alpenhost', size, kind, [provoked(400, 'POST', '/orders/[^/]+/validate', 'the wrong SMS code typed on purpose is refused')]);
    if (type === 'sepa') {
      // The payment step: the SMS code is announced where SEPA is chosen; the mandate's text.
      await page.goto(`${origin('alpenhost')}/payment`);
      await settled(page);
      const sepa = page.getByRole('radio', { name: T.sepa });
      const hint = await sepa.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${hint}"]`).textContent()).toBe(T.smsHint);
      await sepa.check();
      expect(await page.getByLabel(T.holderLabel).inputValue()).toBe(`${PERSON[kind].first_name} ${PERSON[kind].last_name}`);
      const mandate = await page.getByTestId('sepa-mandate').textContent();
      expect(mandate).toContain(T.mandate);
      expect(mandate).toContain(T.refund);
      await check(page, `${name}: payment`);
      await screenshot(page, `order-${name.replace(/ /g, '-')}-payment`);
    }
    await apiSend(page, 'PUT', '/session/payment', type === 'sepa' ? SEPA.alpenhost : { type });
    await page.goto(`${origin('alpenhost')}/confirm`);
    const gross = await confirmAndBuy(page, T, name, true);
    // On in the language the order was placed in.
    T = TEXT[T.other];
    await onPath(page, '/sms-validation');
    expect(await page.locator('main h1').textContent()).toBe(T.smsHeading);
    expect(await page.getByTestId('sms-intro').textContent()).toContain(T.smsTo);
    await check(page, `${name}: sms validation`);
    const right = lastSMSCode();
    const wrong = right === 'AAAAA' ? 'BBBBB' : 'AAAAA';
    // Typing a character moves on to the next box.
    await page.getByLabel(T.box(1)).focus();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: T.smsConfirm }).click();
    await page.getByText(T.smsInvalid).first().waitFor();
    await check(page, `${name}: sms refused`);
    await screenshot(page, `order-${name.replace(/ /g, '-')}-sms-refused`);
    // Backspace clears the boxes from the end.
    await page.getByLabel(T.box(5)).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await page.getByLabel(T.box(1)).focus();
    await page.keyboard.type(right);
    await page.getByRole('button', { name: T.smsConfirm }).click();
    await success(page, T, name, gross, true);
    expect(errors).toEqual([]);
    expect(findings).toEqual([]);
    await context.close();
  });

  it('PostgreSQL holds exactly these orders with the priced totals; each published and mailed once', async () => {
    expect(expected.size).toBe(5);
    const rows = psql(DB, 'SELECT id, gross_cents, status FROM orders ORDER BY id')
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('|'));
    expect(rows.map((r) => r[0]).sort()).toEqual([...expected.keys()].sort());
    for (const [id, gross, status] of rows) {
      expect(Number(gross)).toBe(expected.get(id));
      expect(status).toBe('placed');
    }
    // One confirmation mail per order, where the mail sandbox writes them (the mailer consumes the
    // published events, so they come after the stream has them).
    const mails = await mailsWhen(join(dataDir, 'mail'), expected.size);
    expect(mails.length).toBe(expected.size);
    // The relay marks an event published once it is in the stream (which de-duplicates by id), in
    // the transaction that read it: by the mails, all are in the stream; their marks are awaited.
    // Every order has exactly one order.finalized; an order that waited for its SMS code also has the
    // order.status_changed of that move (awaiting_sms to placed). All of them are published.
    const finalized = psql(DB, "SELECT count(*) FROM order_outbox WHERE subject = 'order.finalized'");
    expect(Number(finalized)).toBe(expected.size);
    const all = Number(psql(DB, 'SELECT count(*) FROM order_outbox'));
    const published = await psqlUntil(DB, 'SELECT count(*) FROM order_outbox WHERE published_at IS NOT NULL', (n) => Number(n) >= all);
    expect(Number(published)).toBe(all);
    const moves = psql(DB, "SELECT count(*) FROM order_outbox WHERE subject = 'order.status_changed'");
    expect(Number(moves)).toBe(all - expected.size);
  });
});
