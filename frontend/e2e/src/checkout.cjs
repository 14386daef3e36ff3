// Helpers of the shop's end-to-end tests (flow, cart, customer, login, logout): one browser per
// test file, screen sizes with their language, a fresh session with a product in the cart, what a
// walk must not log, and the login of a seed customer through the login popup at devstack's local
// OpenID authorities (tools/devstack/oidc.go: one per brand's client, each knowing its brand's customers).
const { launch, brandOrigin, apiSend, axeViolations, collectProblems, layoutFindings, settled } = require('./browser.cjs');

/** Desktop in German, phone in English: every screen is seen in both languages. */
const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 900 }, locale: 'de-DE' };
const PHONE = { name: 'phone', viewport: { width: 390, height: 844 }, locale: 'en-GB' };

/** A product without required domain or fields per brand (services/catalog/seed/brands). */
const PRODUCT = { hostwerk: 1001, alpenhost: 2001 };

/**
 * Seed customers with a login at their brand's local authority (services/customer/seed/customers.json):
 * max and erika at Hostwerk's, anna at Alpenhost's (which the shop offers only to cloud-panel users:
 * Alpenhost's allow_crm is false).
 */
const SEED_LOGINS = {
  max: { username: 'max', password: 'hostwerk-demo', customerNo: '100001' },
  erika: { username: 'erika', password: 'hostwerk-demo', customerNo: '100002' },
  anna: { username: 'anna', password: 'alpenhost-demo', customerNo: '200001' },
};

/**
 * One Chromium for the test file: launched before its first test, closed after its last. Call it
 * at the file's top level; answers a getter for the browser.
 */
function useBrowser() {
  let browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser;
}

/** What a screen must not have: axe-core violations and layout faults (browser.cjs layoutFindings). */
async function screenFindings(page, name) {
  const out = [];
  const violations = await axeViolations(page);
  if (violations.length > 0) out.push({ name, violations });
  const layout = await layoutFindings(page);
  if (layout.length > 0) out.push({ name, layout });
  return out;
}

/** Waits for the shop to show pathname and its screen to finish loading. */
async function onPath(page, pathname) {
  await page.waitForURL((url) => url.pathname === pathname);
  // The URL changes before the screen does (navigations are transitions): wait for the screen.
  await page.waitForFunction((path) => document.documentElement.dataset.path === path, pathname);
  await settled(page);
}

/**
 * Runs action and waits until the shop has shown pathname, a screen that forwards at once (post-fill
 * goes on to its first stop or to confirm as soon as the cart is cached). The wait starts before
 * the action: started after it, it can find the forward already done and wait for a navigation
 * that never comes (Playwright checks the current URL, then only later navigations).
 */
async function passesThrough(page, pathname, action) {
  const reached = page.waitForURL((url) => url.pathname === pathname);
  try {
    await action();
  } catch (err) {
    reached.catch(() => undefined); // the action's error is the one to report
    throw err;
  }
  await reached;
}

/**
 * A fresh context (a fresh session) at the size, its language set on the session, and `product`
 * (the brand's PRODUCT by default) in the cart as item `rowId`; the page shows `path` (the cart by
 * default; a function gets the item's row id). `errors` (also named `problems`) collects page
 * errors, console errors and failed requests (browser.cjs collectProblems; `allow` as there).
 */
async function cartWithProduct(browser, slug, size, { path = '/cart', product = PRODUCT[slug], allow = [] } = {}) {
  const context = await browser.newContext({ viewport: size.viewport });
  const page = await context.newPage();
  const problems = collectProblems(page, allow);
  const errors = problems;
  await page.goto(`${brandOrigin(slug)}/categories`);
  await settled(page);
  await apiSend(page, 'PUT', '/session/locale', { code: size.locale });
  const rowId = product ? (await apiSend(page, 'POST', '/session/cart/items', { product_id: product })).row_id : undefined;
  await page.goto(`${brandOrigin(slug)}${typeof path === 'function' ? path(rowId) : path}`);
  await settled(page);
  return { context, page, errors, problems, rowId };
}

/** Opens `path` (with its query) of the brand's shop and waits for its screen (onPath). */
async function visit(page, slug, path) {
  await page.goto(`${brandOrigin(slug)}${path}`);
  await onPath(page, new URL(path, 'http://x').pathname);
}

/**
 * On login-or-register: the login button (`loginLabel`, the shop's language) opens the popup; the
 * seed user logs in at the authority's form; resolves once the popup has closed itself.
 */
async function loginThroughPopup(page, loginLabel, user = SEED_LOGINS.max) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: loginLabel, exact: true }).click()]);
  await popup.waitForLoadState();
  await popup.getByLabel('User name').fill(user.username);
  await popup.getByLabel('Password').fill(user.password);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Log in' }).click()]);
}

/** The session's customer as the shop's API answers it. */
async function sessionCustomer(page) {
  return page.evaluate(async () => (await (await fetch('/api/v2/session/customer')).json()).customer);
}

module.exports = { DESKTOP, PHONE, PRODUCT, SEED_LOGINS, useBrowser, collectProblems, screenFindings, onPath, passesThrough, visit, cartWithProduct, loginThroughPopup, sessionCustomer };
