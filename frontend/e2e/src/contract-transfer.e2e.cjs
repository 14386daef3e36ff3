// Contract transfer (spec §2 /contract-transfer/{transferId}, §4, §8) in Chromium against devstack,
// whose transfer service is the deterministic sandbox (services/cart/sandbox/transfersandbox):
// T-<n> is a known transfer of contract V-<n, 6 digits>, T-503 an outage, T-422 a reference the
// field refuses, anything else unknown. Both brands at desktop (1280x900, German) and phone
// (390x844, English) sizes; axe-core runs on every screen reached, the layout checks (no sideways
// scrolling at 390 px, nothing covered) on the transfer screen and on the cart with the
// notifications. The cart page holding items is the cart's own e2e's to lay out: here only axe.
const { apiGet, axeViolations, brandOrigin, launch, provoked, screenshot } = require('./browser.cjs');
const { DESKTOP, PHONE, screenFindings, onPath, cartWithProduct } = require('./checkout.cjs');

let browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
jest.setTimeout(120_000);

/** The brands' transfer products (type contract-transfer, field transfer_contract) in the seed. */
const TRANSFER_PRODUCT = { hostwerk: 1095, alpenhost: 2071 };

const TEXT = {
  'de-DE': {
    productUnavailable: 'Das Transferprodukt ist nicht verfügbar.',
    serviceUnavailable: 'Die Vertragsübernahme ist derzeit nicht verfügbar.',
    tooLong: 'Bitte geben Sie höchstens 64 Zeichen ein.',
    productName: 'Vertragsübernahme',
    loading: 'Wir suchen den Vertrag, den Sie übernehmen…',
  },
  'en-GB': {
    productUnavailable: 'The transfer product is not available.',
    serviceUnavailable: 'The contract transfer service is currently unavailable.',
    tooLong: 'Please enter at most 64 characters.',
    productName: 'Contract transfer',
    loading: 'Looking up the contract you are taking over…',
  },
};

/**
 * A fresh session in the size's language that opens /contract-transfer/<id>; `status` is the
 * refusal of the transfer that the test provokes (collectProblems' allow), if any.
 */
async function openTransfer(slug, size, id, status) {
  const allow = status ? [provoked(status, 'POST', `/contract-transfer/${id}`, `transfer ${id} is refused on purpose`)] : [];
  return cartWithProduct(browser, slug, size, { path: `/contract-transfer/${id}`, product: 0, allow });
}

/** The texts of the notifications shown. */
async function notifications(page) {
  return page.locator('.hc-notification').allTextContents();
}

describe.each([
  { slug: 'hostwerk', size: DESKTOP },
  { slug: 'alpenhost', size: PHONE },
  { slug: 'hostwerk', size: PHONE },
  { slug: 'alpenhost', size: DESKTOP },
])('$slug at $size.name size', ({ slug, size }) => {
  const T = TEXT[size.locale];
  const name = `${slug}-${size.name}`;

  test('a known transfer puts the transfer product with its reference into the cart', async () => {
    const { page, context, errors } = await openTransfer(slug, size, 'T-7');
    await onPath(page, '/cart');
    const { cart } = await apiGet(page, '/session/cart');
    expect(cart.items).toHaveLength(1);
    const [item] = cart.items;
    expect(item.product.id).toBe(TRANSFER_PRODUCT[slug]);
    expect(item.product.additional_fields).toEqual([expect.objectContaining({ field_key: 'transfer_contract', value: 'V-000007' })]);
    expect(await page.locator('main').textContent()).toContain(T.productName);
    expect(await notifications(page)).toEqual([]);
    await screenshot(page, `contract-transfer-${name}-cart`);
    expect(await axeViolations(page)).toEqual([]);

    // Opening the link again (a reload, a second click) leaves one transfer item.
    await page.goto(page.url().replace(/\/cart.*$/, '/contract-transfer/T-7'));
    await onPath(page, '/cart');
    expect((await apiGet(page, '/session/cart')).cart.items).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the transfer screen shows its loading state, accessible and within the viewport', async () => {
    const { page, context } = await cartWithProduct(browser, slug, size, { path: '/categories', product: 0 });
    // Hold the transfer call so the screen's loading state can be looked at.
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v2/contract-transfer/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${brandOrigin(slug)}/contract-transfer/T-8`);
    await page.locator('main [role="status"][aria-busy="true"]').waitFor();
    expect(await page.locator('main h1').textContent()).toBe(T.productName);
    expect(await page.locator('main [role="status"]').textContent()).toContain(T.loading);
    await screenshot(page, `contract-transfer-${name}-loading`);
    expect(await screenFindings(page, `${name}: transfer screen`)).toEqual([]);
    release();
    await onPath(page, '/cart');
    await context.close();
  });

  test('an unknown transfer shows the error and the cart, which stays empty', async () => {
    const { page, context, errors } = await openTransfer(slug, size, 'UNKNOWN-1', 404);
    await onPath(page, '/cart');
    await page.locator('.hc-notification').first().waitFor();
    expect((await notifications(page)).join(' ')).toContain(T.productUnavailable);
    // Spec §9: notifications fade in over 400 ms.
    expect(await page.locator('.hc-notification').first().evaluate((el) => [getComputedStyle(el).animationName, getComputedStyle(el).animationDuration])).toEqual([
      'hc-fade-in',
      '0.4s',
    ]);
    expect((await apiGet(page, '/session/cart')).cart.items).toEqual([]);
    await screenshot(page, `contract-transfer-${name}-unknown`);
    expect(await screenFindings(page, `${name}: unknown transfer`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each([DESKTOP, PHONE])('hostwerk at $name size: the other errors of spec §8', (size) => {
  const T = TEXT[size.locale];

  test('a refused reference shows the product error with its first validation error', async () => {
    const { page, context, errors } = await openTransfer('hostwerk', size, 'T-422', 422);
    await onPath(page, '/cart');
    await page.locator('.hc-notification').first().waitFor();
    const text = (await notifications(page)).join(' ');
    expect(text).toContain(T.productUnavailable);
    expect(text).toContain(T.tooLong);
    expect((await apiGet(page, '/session/cart')).cart.items).toEqual([]);
    await screenshot(page, `contract-transfer-hostwerk-${size.name}-refused`);
    expect(await screenFindings(page, `hostwerk-${size.name}: refused reference`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an outage of the transfer service says so and leaves the cart as it was', async () => {
    const { page, context, errors } = await cartWithProduct(browser, 'hostwerk', size, {
      path: '/contract-transfer/T-503',
      allow: [provoked(503, 'POST', '/contract-transfer/T-503', 'the sandbox answers T-503 with an outage')],
    });
    await onPath(page, '/cart');
    await page.locator('.hc-notification').first().waitFor();
    expect((await notifications(page)).join(' ')).toContain(T.serviceUnavailable);
    const { cart } = await apiGet(page, '/session/cart');
    expect(cart.items.map((i) => i.product.id)).toEqual([1001]);
    await screenshot(page, `contract-transfer-hostwerk-${size.name}-outage`);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
