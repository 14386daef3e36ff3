const { launch, brandOrigin, axeViolations, provoked, screenshot, apiGet, settled, openPage: openBrowserPage, switchLanguage, BRANDS } = require('./browser.cjs');
const { DESKTOP, PHONE, screenFindings, cartWithProduct } = require('./checkout.cjs');

let browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

const openPage = (slug, path, options) => openBrowserPage(browser, slug, path, options);

async function categoryWithSeveralProducts(page) {
  const { categories } = await apiGet(page, '/categories');
  for (const category of categories) {
    const { products } = await apiGet(page, `/products?category=${encodeURIComponent(category.slug)}`);
    const visible = products.filter((p) => !p.is_hidden && p.is_active && p.from_price);
    if (visible.length > 1) return { category, products: visible };
  }
  throw new Error('no category with several products in the catalogue');
}

describe.each(BRANDS)('$name', (brand) => {
  test('categories show real tiles and the brand', async () => {
    const { page, context, errors } = await openPage(brand.slug, '/categories');
    const { categories } = await apiGet(page, '/categories');
    const tiles = page.locator('main ul.hc-tiles > li');
    expect(await tiles.count()).toBeGreaterThan(0);
    const names = await page.locator('main ul.hc-tiles h2').allTextContents();
    for (const name of names) expect(categories.map((c) => c.name)).toContain(name);
    expect(await page.title()).toMatch(new RegExp(`\\| ${brand.name}$`));
    await expect(page.locator('footer').textContent()).resolves.toContain(`© `);
    await expect(page.locator('footer').textContent()).resolves.toContain(brand.name);
    expect(await page.getByRole('search').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await screenshot(page, `${brand.slug}-categories-de-DE`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a category with several products shows product cards with prices', async () => {
    const { page, context } = await openPage(brand.slug, '/categories');
    const { category, products } = await categoryWithSeveralProducts(page);
    await page.locator(`a[data-category-slug="${category.slug}"]`).click();
    await page.waitForURL(`**/products/${category.slug}`);
    await settled(page);
    expect(await page.locator('main h1').textContent()).toBe(category.name);
    const cards = page.locator('main article.hc-card');
    expect(await cards.count()).toBe(products.length);
    const prices = await page.locator('main [data-testid="product-price"]').allTextContents();
    for (const price of prices) {
      expect(price).toMatch(/ab \d+,\d{2}\s€/);
      expect(price).toContain(brand.withVat ? 'inkl.' : 'zzgl.');
    }
    // The first card's amount is the API's from_price, gross or net by the brand setting.
    const first = products.sort((a, b) => a.order - b.order)[0];
    const cents = brand.withVat ? first.from_price.gross_cents : first.from_price.net_cents;
    const expected = (cents / 100).toFixed(2).replace('.', ',');
    expect(prices[0].replace(/\s/g, ' ')).toContain(`${expected} €`);
    await screenshot(page, `${brand.slug}-products-de-DE`);
    await context.close();
  });

  // Issue 22 gap 2 (spec §2 "Categories and products"): a product the brand's automatic promotion
  // covers on the term of its 'from' price shows the regular price struck through ("previously …"
  // for screen readers), the promoted price and the promotion's label.
  test.each([DESKTOP, PHONE])('a product card shows an automatic promotion\'s struck-through price at $name size', async (size) => {
    const { page, context, errors } = await cartWithProduct(browser, brand.slug, size, { path: '/categories', product: null });
    const { promotions } = await apiGet(page, '/promotions');
    let found;
    for (const promotion of promotions.filter((p) => p.is_automatic && p.type === 'product' && p.value_type === 'percentage')) {
      for (const id of promotion.applies_to?.ids ?? []) {
        const [product] = (await apiGet(page, `/products?ids=${id}`)).products;
        const months = promotion.supported?.maturity_months ?? [];
        if (product?.from_price && !product.is_hidden && (months.length === 0 || months.includes(product.from_price.maturity_months))) {
          found = { promotion, product };
          break;
        }
      }
      if (found) break;
    }
    expect(found).toBeDefined();
    const { promotion, product } = found;
    await page.goto(`${brandOrigin(brand.slug)}/products/${product.category_slug}`);
    await settled(page);
    const card = page.locator(`main article.hc-card[data-product-id="${product.id}"]`);
    await card.locator('[data-testid="product-old-price"]').waitFor();

    // The hand-checked figures: the regular month in the brand's mode, the promoted month its share.
    const regular = brand.withVat ? product.from_price.gross_cents : product.from_price.net_cents;
    const promoted = regular - Math.round((regular * promotion.percent) / 100);
    const money = (cents) => new Intl.NumberFormat(size.locale, { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\s/g, ' ');
    const text = async (locator) => ((await locator.textContent()) ?? '').replace(/\s/g, ' ');
    expect(await text(card.locator('.hc-price__old s'))).toBe(money(regular));
    expect(await card.locator('.hc-price__old s').getAttribute('aria-hidden')).toBe('true');
    expect(await text(card.locator('.hc-price__old .hc-visually-hidden'))).toBe(`${size.locale === 'de-DE' ? 'bisher' : 'previously'} ${money(regular)}`);
    expect(await text(card.locator('.hc-price__amount'))).toContain(money(promoted));
    expect(await card.locator('s').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    expect(await card.locator('.hc-card__promo').textContent()).toBe(promotion.discount_label);
    expect(await screenFindings(page, `${brand.slug} ${size.name} products with a promotion`)).toEqual([]);
    await screenshot(page, `${brand.slug}-products-promotion-${size.name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Issue 22 gap 10 (spec §2 "/cart loads payment types", §9 trust box): the cart's trust box names
  // the methods the brand offers, as its payment service lists them, not a fixed list.
  test('the cart\'s trust box names the payment methods the brand offers', async () => {
    const { page, context, errors } = await cartWithProduct(browser, brand.slug, DESKTOP);
    const { payment_types: types } = await apiGet(page, '/payment-types');
    expect(types.length).toBeGreaterThan(0);
    const box = page.getByTestId('trust-box-methods');
    await box.waitFor();
    const shown = await box.getByRole('listitem').allTextContents();
    // One per icon family (PayPal, SEPA, card, others by their slug), in the service's order and words.
    const family = (slug) => (slug.startsWith('paypal') ? 'paypal' : slug.startsWith('adyen-') || slug === 'credit-card' ? 'card' : slug);
    const expected = types.filter((t, i) => types.findIndex((o) => family(o.slug) === family(t.slug)) === i).map((t) => t.name);
    expect(shown).toEqual(expected);
    expect(shown.includes('Kreditkarte')).toBe(types.some((t) => family(t.slug) === 'card'));
    expect(await screenFindings(page, `${brand.slug} cart trust box`)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an unknown path redirects to /categories', async () => {
    const { page, context } = await openPage(brand.slug, '/this/does/not/exist');
    expect(new URL(page.url()).pathname).toBe('/categories');
    expect(await page.locator('main ul.hc-tiles > li').count()).toBeGreaterThan(0);
    await context.close();
  });

  test('an unknown draft code on session restore says so plainly', async () => {
    const { page, context, errors } = await openPage(brand.slug, '/session-restore?session_code=x', {
      allow: [provoked(404, 'POST', '/session/restore', 'the unknown draft code is what this test tries')],
    });
    await page.getByRole('alert').filter({ hasText: 'Der Bestellentwurf existiert nicht.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Neue Bestellung beginnen' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the language switcher changes the texts (de-DE <-> en-GB)', async () => {
    const { page, context } = await openPage(brand.slug, '/categories');
    expect(await page.locator('main h1').textContent()).toBe('Was möchten Sie bestellen?');
    await switchLanguage(page, 'English');
    expect(await page.locator('main h1').textContent()).toBe('What would you like to order?');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    expect(await page.getByRole('link', { name: 'Privacy policy' }).count()).toBe(1);
    await screenshot(page, `${brand.slug}-categories-en-GB`);
    await switchLanguage(page, 'Deutsch');
    expect(await page.locator('main h1').textContent()).toBe('Was möchten Sie bestellen?');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await context.close();
  });

  test('pages have no axe violations in both languages', async () => {
    const { page, context } = await openPage(brand.slug, '/categories');
    const { category } = await categoryWithSeveralProducts(page);
    for (const [language, label] of [
      ['de-DE', 'Deutsch'],
      ['en-GB', 'English'],
    ]) {
      if (language === 'en-GB') {
        await page.goto(`${brandOrigin(brand.slug)}/categories`);
        await settled(page);
        await switchLanguage(page, label);
      }
      for (const path of ['/categories', `/products/${category.slug}`, '/cart']) {
        await page.goto(`${brandOrigin(brand.slug)}${path}`);
        await settled(page);
        const violations = await axeViolations(page);
        expect({ path, language, violations }).toEqual({ path, language, violations: [] });
      }
      // The help modal open.
      await page.goto(`${brandOrigin(brand.slug)}/categories`);
      await settled(page);
      await page.locator('header .hc-link-button').click();
      await page.waitForSelector('[role="dialog"]');
      expect({ modal: language, violations: await axeViolations(page) }).toEqual({ modal: language, violations: [] });
      await screenshot(page, `${brand.slug}-help-${language}`);
    }
    await context.close();
  });

  test('the flow remote and the shell share one store', async () => {
    // The products screen (flow remote) reports an unknown ?chooseProduct by dispatching a
    // notification; the shell's notification area renders it after the redirect. With two store
    // copies the message would never appear.
    const { page, context } = await openPage(brand.slug, '/categories');
    const { category } = await categoryWithSeveralProducts(page);
    await page.goto(`${brandOrigin(brand.slug)}/products/${category.slug}?chooseProduct=999999`);
    await page.waitForURL('**/categories');
    const notification = page.locator('main .hc-notifications .hc-notification--error');
    await notification.waitFor();
    expect(await notification.textContent()).toContain('Das gewählte Produkt ist nicht verfügbar.');
    await screenshot(page, `${brand.slug}-shared-store-notification`);
    await context.close();
  });
});

test('the privacy-settings link follows the brand flag', async () => {
  const hostwerk = await openPage('hostwerk', '/categories');
  expect(await hostwerk.page.getByRole('link', { name: 'Privatsphäre-Einstellungen' }).count()).toBe(0);
  await hostwerk.context.close();
  const alpenhost = await openPage('alpenhost', '/categories');
  expect(await alpenhost.page.getByRole('link', { name: 'Privatsphäre-Einstellungen' }).count()).toBe(1);
  await alpenhost.context.close();
});

test('query values are sanitised before a screen sees them', async () => {
  const { page, context } = await openPage('hostwerk', '/categories?d=my%20shop!.de&tid=a_b');
  expect(new URL(page.url()).search).toBe('?d=myshop.de&tid=ab');
  expect(await page.locator('main h1').textContent()).toBe('Produkte für myshop.de');
  expect(await page.getByRole('search').count()).toBe(0);
  await context.close();
});
