// Issue 12 acceptance (order drafts) in Chromium against a devstack of its own: an operator creates
// a draft with tools/draftctl (standing in for the admin panel); a sales agent signs in through
// devstack's local admin panel, opens the draft with session-restore, edits the preconfigured item
// (adds an addon) and saves it, landing on the admin panel's draft page; the customer continues the
// draft with its session code, sees the items locked, is refused when adding, and orders it; another
// customer cancels a draft with the user menu. A draft's customer opening add and field screens by
// URL lands on the cart, on both brands. Agent on a desktop in German, customers on a phone in
// English and on a desktop in German; axe-core and the layout check on every screen.
const { execFileSync } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { launch, apiGet, apiSend, screenshot, settled } = require('./browser.cjs');
const { DESKTOP, PHONE, PRODUCT, screenFindings, onPath } = require('./checkout.cjs');
const { startDevstack, stopDevstack } = require('./global-setup.cjs');

jest.setTimeout(180_000);

const repoRoot = resolve(__dirname, '../../..');
const DRAFTCTL = resolve(repoRoot, process.env.DRAFTCTL_BIN || 'bin/draftctl');

let browser;
let devstack;
let dataDir;
let base;
const savedBase = process.env.E2E_BASE_URL;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-drafts-'));
  devstack = await startDevstack({ DEVSTACK_DATA_DIR: dataDir }, 'devstack-drafts.log');
  base = devstack.base;
  process.env.E2E_BASE_URL = base;
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await stopDevstack(devstack?.child);
  process.env.E2E_BASE_URL = savedBase;
});

function origin(slug) {
  const u = new URL(base);
  u.hostname = `${slug}.localhost`;
  return u.origin;
}

function draftctl(...args) {
  return execFileSync(DRAFTCTL, args, { encoding: 'utf8' }).trim();
}

/** The seed customer and brand id of each brand's drafts (services/customer/seed/customers.json). */
const DRAFT_BRANDS = { hostwerk: { brandId: '1', customer: '100001' }, alpenhost: { brandId: '2', customer: '200001' } };

/** The operator's command: a draft for a seed customer of the brand with its hosting product. */
function createDraft(brand = 'hostwerk') {
  const { brandId, customer } = DRAFT_BRANDS[brand];
  return JSON.parse(draftctl('create', '-devstack', dataDir, '-brand-id', brandId, '-customer', customer, '-by', 'operator-1', '-products', String(PRODUCT[brand])));
}

let findings = [];
beforeEach(() => {
  findings = [];
});
async function check(page, name) {
  findings.push(...(await screenFindings(page, name)));
}

/**
 * Spec §2, §6 (issue 22): the item-adding routes and the fields of the draft's preconfigured item,
 * opened by URL by the customer of the draft, land on the cart.
 */
async function opensLockedScreensByUrl(page, brand, label) {
  const { cart } = await apiGet(page, '/session/cart');
  const rowId = cart.items[0].row_id;
  for (const path of [`/addons?id=${rowId}`, '/products/webhosting', `/additional-product-fields?rowId=${rowId}`]) {
    await page.goto(`${origin(brand)}${path}`);
    await onPath(page, '/cart');
  }
  await check(page, `${label}: the cart after opening add and field screens by URL`);
}

async function newPage(size) {
  const context = await browser.newContext({ viewport: size.viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

describe('order drafts in Chromium', () => {
  it('an agent edits and saves a draft; the customer continues it, cannot change it and orders it', async () => {
    const { draft_id: draftId, session_code: code } = createDraft();

    // The sales agent, desktop, German.
    const agent = await newPage(DESKTOP);
    const link = draftctl('agent-link', '-devstack', dataDir, '-shop', origin('hostwerk'), '-name', 'Ada Agent', '-next', `/session-restore?session_code=${code}`);
    await agent.page.goto(link);
    // Restored, the draft resumes where spec §4 says (the cart when it explains something, else
    // the customer data: no address yet).
    await agent.page.waitForURL((url) => url.pathname === '/cart' || url.pathname.startsWith('/customer/'));
    await agent.page.goto(`${origin('hostwerk')}/cart`);
    await settled(agent.page);
    const menu = agent.page.getByRole('button', { name: 'Vertrieb: Ada Agent' });
    await menu.click();
    const back = agent.page.getByRole('link', { name: 'Zurück zum Admin-Bereich' });
    expect(await back.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await check(agent.page, 'agent cart with menu');
    await menu.click();
    const rowsBefore = await agent.page.locator('[data-testid="cart-item"] tbody tr').count();
    await screenshot(agent.page, 'drafts-agent-cart-before');
    // The agent may change the preconfigured item: one of its offered addons goes in.
    const offer = agent.page.locator('.hc-cart-offers button').first();
    await offer.click();
    await agent.page.waitForFunction((n) => document.querySelectorAll('[data-testid="cart-item"] tbody tr').length > n, rowsBefore);
    await check(agent.page, 'agent cart edited');
    await screenshot(agent.page, 'drafts-agent-cart');
    await Promise.all([
      agent.page.waitForURL((url) => url.pathname === `/session-order-drafts/${draftId}`),
      agent.page.getByRole('button', { name: 'Bestellung speichern' }).click(),
    ]);
    expect(await agent.page.locator('#draft-id').textContent()).toBe(draftId);
    expect(agent.errors).toEqual([]);

    // The customer, phone, English: continues with the code and sees the agent's version, locked.
    const customer = await newPage(PHONE);
    await customer.page.goto(`${origin('hostwerk')}/categories`);
    await settled(customer.page);
    await customer.page.goto(`${origin('hostwerk')}/continue-preconfigured-order?session_code=${code}`);
    await onPath(customer.page, '/cart');
    await apiSend(customer.page, 'PUT', '/session/locale', { code: PHONE.locale });
    await customer.page.reload();
    await settled(customer.page);
    expect(await customer.page.locator('[data-testid="cart-item"] tbody tr').count()).toBe(rowsBefore + 1);
    expect(await customer.page.locator('.hc-cart-offers').count()).toBe(0);
    expect(await customer.page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await customer.page.getByRole('button', { name: 'Cancel order' }).count()).toBe(1);
    await check(customer.page, 'customer draft cart');
    await screenshot(customer.page, 'drafts-customer-cart');
    // The server refuses what the screen does not offer.
    await expect(apiSend(customer.page, 'POST', '/session/cart/items', { product_id: PRODUCT.hostwerk })).rejects.toThrow(/HTTP 403 .*order_drafts\.items_locked/);
    await opensLockedScreensByUrl(customer.page, 'hostwerk', 'customer draft (phone)');

    // The customer completes the order.
    await apiSend(customer.page, 'PUT', '/session/basic-info', { group: 1, gender: 1, first_name: 'Erika', last_name: 'Muster', email: 'erika-draft@example.org' });
    await apiSend(customer.page, 'PUT', '/session/address-info', { street: 'Musterweg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', phone: '+49 30 1234567' });
    await apiSend(customer.page, 'PUT', '/session/payment', { type: 'sepa', holder: 'Erika Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', permission: true });
    await customer.page.goto(`${origin('hostwerk')}/confirm`);
    await onPath(customer.page, '/confirm');
    await check(customer.page, 'customer draft confirm');
    await customer.page.getByLabel('I accept the terms and conditions.').check();
    await customer.page.getByLabel('I have read the privacy policy.').check();
    const gtc = customer.page.getByLabel('I accept the additional product terms.');
    if (await gtc.count()) await gtc.check();
    await customer.page.getByRole('button', { name: 'Place binding order' }).click();
    await customer.page.waitForURL((url) => url.pathname.startsWith('/success/'));
    await settled(customer.page);
    const orderId = new URL(customer.page.url()).pathname.split('/').pop();
    const { draft } = await apiGet(customer.page, '/order-drafts/current');
    expect(draft).toMatchObject({ id: draftId, status: 'ordered', order_id: orderId });
    await check(customer.page, 'customer draft success');
    expect(customer.errors).toEqual([]);
    expect(findings).toEqual([]);
    await agent.context.close();
    await customer.context.close();
  });

  it('a customer of an Alpenhost draft opening add screens by URL lands on the cart (desktop)', async () => {
    const { session_code: code } = createDraft('alpenhost');
    const customer = await newPage(DESKTOP);
    await customer.page.goto(`${origin('alpenhost')}/continue-preconfigured-order?session_code=${code}`);
    await onPath(customer.page, '/cart');
    await opensLockedScreensByUrl(customer.page, 'alpenhost', 'Alpenhost customer draft (desktop)');
    expect(customer.errors).toEqual([]);
    expect(findings).toEqual([]);
    await customer.context.close();
  });

  it('a customer cancels a draft with the user menu', async () => {
    const { session_code: code } = createDraft();
    const customer = await newPage(DESKTOP);
    await customer.page.goto(`${origin('hostwerk')}/continue-preconfigured-order?session_code=${code}`);
    await onPath(customer.page, '/cart');
    // The cart screen is on its path before the draft's cart has loaded: wait for it to settle.
    await settled(customer.page);
    expect(await customer.page.locator('[data-testid="cart-item"]').count()).toBe(1);
    const cancel = customer.page.getByRole('button', { name: 'Bestellung abbrechen' });
    await check(customer.page, 'customer draft cart (de)');
    await cancel.click();
    await customer.page.waitForFunction(() => document.querySelectorAll('[data-testid="cart-item"]').length === 0);
    expect(await customer.page.evaluate(() => localStorage.getItem('order_draft_session_code'))).toBeNull();
    await expect(apiGet(customer.page, '/order-drafts/current')).rejects.toThrow(/HTTP 404/);
    await expect(apiSend(customer.page, 'POST', '/order-drafts/continue', { session_code: code })).rejects.toThrow(/HTTP 404/);
    await check(customer.page, 'customer after cancel');
    expect(customer.errors).toEqual([]);
    expect(findings).toEqual([]);
    await customer.context.close();
  });
});
