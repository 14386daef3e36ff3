// The domain lookup in Chromium against the devstack (sandbox registry: names starting with
// "taken" are registered, "free" are available; see services/domain/adapters/sandbox).
const { launch, brandOrigin, axeViolations, collectProblems, screenshot, apiGet, apiSend, settled, switchLanguage, BRANDS } = require('./browser.cjs');

let browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * A fresh session on the lookup; records the names of every availability call and what the page
 * must not log (`errors`, collectProblems). `query` may be a function of the page, to put something
 * into the session's cart first (see orderProduct).
 */
async function openLookup(slug, query = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectProblems(page);
  const batches = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v2/domain-availability') {
      batches.push(JSON.parse(req.postData() || '{}').domains);
    }
  });
  if (typeof query === 'function') {
    // The session (and its CSRF cookie) starts with the first page of the brand.
    await page.goto(`${brandOrigin(slug)}/categories`);
    await settled(page);
    query = await query(page);
  }
  await page.goto(`${brandOrigin(slug)}/domains/lookup${query}`);
  await settled(page);
  return { page, context, errors, batches };
}

/** Orders a product with its default period into the page's session cart; answers the cart row. */
async function orderProduct(page, productId) {
  const answer = await apiSend(page, 'POST', '/session/cart/items', { product_id: productId });
  expect(answer.row_id).toBeTruthy();
  return answer.row_id;
}

const searchField = (page) => page.getByRole('search').getByRole('textbox');

async function search(page, text) {
  const field = searchField(page);
  await field.fill(text);
  await field.press('Enter');
}

/** Waits for the results of a search: the normalised name and the exact result row. */
async function results(page) {
  const normalised = page.getByTestId('normalised-domain');
  await normalised.waitFor();
  await page.locator('[data-testid="domain-exact"] li[data-status]').waitFor();
  return (await normalised.textContent()).trim();
}

const lastGroup = (page) => page.locator('section[data-testid^="domain-group-"]').last();

describe('domain lookup (Hostwerk)', () => {
  test('WWW.Müller-Test.DE. shows the normalised name and results', async () => {
    const { page, context, errors, batches } = await openLookup('hostwerk');
    expect(await page.locator('main h1').textContent()).toBe('Domainsuche');
    await search(page, 'WWW.Müller-Test.DE.');
    expect(await results(page)).toContain('Ergebnisse für müller-test.de');
    await page.waitForURL((url) => url.searchParams.get('d') === 'WWW.Müller-Test.DE.');
    const exact = page.locator('[data-testid="domain-exact"] li[data-status]');
    expect(await exact.getAttribute('data-domain')).toBe('xn--mller-test-9db.de');
    expect(await exact.locator('.hc-domain-row__domain').textContent()).toBe('müller-test.de');
    // Price per year, with VAT for Hostwerk.
    expect(await exact.locator('.hc-domain-row__price').textContent()).toMatch(/\d+,\d{2}\s€ pro Jahr/);
    expect(await page.getByText('Domainpreise gelten pro Jahr (12 Monate) inklusive Mehrwertsteuer.').count()).toBe(1);
    // The first group is in view: its names were checked in batches of at most 5.
    const first = page.locator('section[data-testid^="domain-group-"]').first();
    await first.locator('li[data-status]').first().waitFor();
    expect(batches.length).toBeGreaterThan(0);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(5);
      for (const name of batch) expect(name.startsWith('xn--mller-test-9db.')).toBe(true);
    }
    await screenshot(page, 'hostwerk-domain-lookup-mueller-test');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('forbidden characters show the message with the characters', async () => {
    const { page, context, errors, batches } = await openLookup('hostwerk');
    await search(page, 'mein shop!.de');
    const error = page.getByTestId('domain-search-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Die Domain enthält nicht erlaubte Zeichen: ␣ !');
    expect(await searchField(page).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
    expect(batches).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('scrolling loads further groups (viewport loading)', async () => {
    const { page, context, errors, batches } = await openLookup('hostwerk', '?d=beispielname');
    await results(page);
    const last = lastGroup(page);
    const lastTitle = await last.locator('h2').textContent();
    await page.locator('section[data-testid^="domain-group-"]').first().locator('li[data-status]').first().waitFor();
    // Settled: every group whose title is in view has been switched on and answered (no skeleton
    // row is left), so a last group still idle now is one the viewport rule kept off, not a slow one.
    await page.waitForFunction(() => {
      const height = window.innerHeight;
      return [...document.querySelectorAll('section[data-testid^="domain-group-"]')].every((group) => {
        const title = group.querySelector('h2').getBoundingClientRect();
        if (title.bottom > 0 && title.top < height) return group.dataset.state === 'active' && !group.querySelector('[aria-busy="true"]');
        return true;
      });
    });
    expect(await last.locator('h2').evaluate((h) => h.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    expect(await last.getAttribute('data-state')).toBe('idle');
    expect(await last.locator('li[data-status]').count()).toBe(0);
    const before = batches.length;

    await last.locator('h2').scrollIntoViewIfNeeded();
    await last.locator('li[data-status]').first().waitFor();
    expect(await last.getAttribute('data-state')).toBe('active');
    expect(batches.length).toBeGreaterThan(before);
    expect(batches[batches.length - 1].length).toBeLessThanOrEqual(5);
    // Load more until the group's TLDs are all checked.
    const more = last.getByRole('button', { name: `Weitere Endungen in ${lastTitle} prüfen`, exact: false });
    while ((await more.count()) > 0) {
      const rows = await last.locator('li[data-status]').count();
      await more.click();
      await page.waitForFunction(
        ([selector, n]) => document.querySelectorAll(selector).length > n,
        [`section[data-testid="${await last.getAttribute('data-testid')}"] li[data-status]`, rows],
      );
    }
    await screenshot(page, 'hostwerk-domain-lookup-scrolled');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a taken name opens the transfer dialog; confirm is disabled until a code is typed', async () => {
    const { page, context, errors } = await openLookup('hostwerk', '?d=taken-beispiel.de');
    await results(page);
    await page.getByRole('button', { name: 'taken-beispiel.de umziehen' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'taken-beispiel.de umziehen' });
    await dialog.waitFor();
    const code = dialog.getByLabel('Auth-Code');
    expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Umzug bestätigen' });
    expect(await confirm.isDisabled()).toBe(true);
    await code.fill('AB12-CD34');
    expect(await confirm.isEnabled()).toBe(true);
    await code.fill('');
    expect(await confirm.isDisabled()).toBe(true);
    await code.fill('AB12-CD34');
    expect({ dialog: 'transfer', violations: await axeViolations(page) }).toEqual({ dialog: 'transfer', violations: [] });
    await screenshot(page, 'hostwerk-domain-transfer-dialog');
    await dialog.getByRole('checkbox').check();
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    // The cart stores the transfer (domains only: the brand's domain-only item, created with it);
    // the announcement comes with its answer, and the side note and the row show it by then.
    await page.waitForFunction(() => document.querySelector('[data-testid="domain-live-region"]')?.textContent === 'Umzug von taken-beispiel.de ausgewählt.');
    const note = page.getByTestId('domain-side-note');
    expect(await note.textContent()).toContain('taken-beispiel.de');
    expect(await note.textContent()).toContain('Umzug');
    expect(await page.locator('[data-testid="domain-exact"] li[data-domain="taken-beispiel.de"] .hc-domain-row__chosen').textContent()).toBe('Umzug ausgewählt');
    const { cart } = await apiGet(page, '/session/cart');
    expect(cart.items.flatMap((i) => i.domains.map((d) => [d.name, d.auth_code]))).toEqual([['taken-beispiel.de', 'AB12-CD34']]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('inclusive domains are marked for a product with free TLDs', async () => {
    // Product 1002 (Hostwerk Webhosting M) includes one free domain under .de, .com or .net; the
    // lookup's id is its cart row.
    let rowId;
    const { page, context, errors } = await openLookup('hostwerk', async (p) => {
      rowId = await orderProduct(p, 1002);
      return `?d=free-beispiel&id=${encodeURIComponent(rowId)}`;
    });
    await results(page);
    const popular = page.locator('section[data-testid^="domain-group-"]').first();
    const row = popular.locator('li[data-domain="free-beispiel.de"]');
    await row.waitFor();
    await row.locator('.hc-badge--inclusive').waitFor();
    expect(await row.locator('.hc-badge--inclusive').textContent()).toBe('Inklusive');
    // Free of charge: the year's price struck through, "inklusive" instead.
    expect(await row.locator('.hc-domain-row__price s').textContent()).toMatch(/\d+,\d{2}\s€/);
    expect(await row.locator('.hc-domain-row__price').textContent()).toContain('inklusive');
    // .eu is not one of its free TLDs: priced as usual.
    const paid = popular.locator('li[data-domain="free-beispiel.eu"]');
    await paid.waitFor();
    expect(await paid.locator('.hc-badge--inclusive').count()).toBe(0);
    expect(await paid.locator('.hc-domain-row__amount').textContent()).toMatch(/\d+,\d{2}\s€/);
    expect(await popular.locator('li[data-domain="free-beispiel.com"] .hc-badge--inclusive').count()).toBe(1);
    expect(await page.locator('.hc-lookup__product').textContent()).toMatch(/^Domains für /);
    // Choosing it counts it as the free domain in the side note.
    await row.getByRole('button', { name: 'free-beispiel.de auswählen' }).click();
    const note = page.getByTestId('domain-side-note');
    await page.waitForFunction(() => document.querySelector('[data-testid="domain-side-note"]')?.textContent?.includes('Inklusive'));
    expect(await note.textContent()).toContain('free-beispiel.de');
    expect(await note.textContent()).toMatch(/Für /);
    // The domain went into the product's item, free.
    const { cart } = await apiGet(page, '/session/cart');
    expect(cart.items.map((i) => [i.row_id, i.domains.map((d) => [d.name, d.inclusive])])).toEqual([[rowId, [['free-beispiel.de', true]]]]);
    await screenshot(page, 'hostwerk-domain-lookup-inclusive');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(BRANDS)('domain lookup accessibility ($name)', (brand) => {
  test('the lookup page has no axe violations in both languages', async () => {
    const { page, context, errors } = await openLookup(brand.slug, '?d=taken-barrierefrei');
    for (const [language, label] of [
      ['de-DE', 'Deutsch'],
      ['en-GB', 'English'],
    ]) {
      if (language === 'en-GB') await switchLanguage(page, label);
      await results(page);
      await page.locator('section[data-testid^="domain-group-"]').first().locator('li[data-status]').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
      const violations = await axeViolations(page);
      expect({ language, violations }).toEqual({ language, violations: [] });
      await screenshot(page, `${brand.slug}-domain-lookup-${language}`);
    }
    expect(await page.locator('main h1').textContent()).toBe('Domain search');
    expect(await page.getByText(brand.withVat ? 'Domain prices are per year (12 months) and include VAT.' : 'Domain prices are per year (12 months) and exclude VAT.').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test('the categories search bar leads to the lookup with d', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = collectProblems(page);
  await page.goto(`${brandOrigin('alpenhost')}/categories`);
  await settled(page);
  const field = page.getByRole('search').getByRole('textbox');
  await field.fill('Mein-Beispiel.at');
  await field.press('Enter');
  await page.waitForURL('**/domains/lookup?d=mein-beispiel.at');
  expect(await results(page)).toContain('mein-beispiel.at');
  expect(errors).toEqual([]);
  await context.close();
});

test('/domain forwards to the lookup, /domains to the categories', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectProblems(page);
  await page.goto(`${brandOrigin('hostwerk')}/domain?d=beispiel.de`);
  await page.waitForURL('**/domains/lookup?d=beispiel.de');
  await page.goto(`${brandOrigin('hostwerk')}/domains`);
  await page.waitForURL('**/categories');
  expect(errors).toEqual([]);
  await context.close();
});
