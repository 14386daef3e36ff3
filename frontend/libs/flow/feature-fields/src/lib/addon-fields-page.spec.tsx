import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '@hostcart/shared-testing';
import { cartItem, field, installFakeShop, line, product, renderFields } from './test-utils';

const hosting = product(1, {
  name: 'Mail Hosting',
  addons: [
    { id: 1, product_id: 1, addon_id: 30, is_recommended: false, recommended_addon_order: 0, is_promoted: false, promoted_addon_order: 0, groups: [] },
    { id: 2, product_id: 1, addon_id: 31, is_recommended: false, recommended_addon_order: 0, is_promoted: false, promoted_addon_order: 0, groups: [] },
  ],
  upsells: [
    { upsell_id: 40, upsell_headline: '', disadvantages_headline: '', disadvantages: [], disadvantages_button_text: '' },
    { upsell_id: 41, upsell_headline: '', disadvantages_headline: '', disadvantages: [], disadvantages_button_text: '' },
  ],
});
const forwarding = product(30, { name: 'Mail forwarding', type: 'addon', additional_fields: [field(22, 'forwarding_address', 'Forward to', 'required|string|max:200')] });
const adminAddon = product(31, {
  name: 'Admin access',
  type: 'addon',
  additional_fields: [field(23, 'admin_password', 'Administrator password', 'required|secure_password', { input_component: 'password' })],
});
const upsellA = product(40, { name: 'Site builder', type: 'upsell', additional_fields: [field(8, 'wp_site_title', 'Site title', 'required|string|max:100')] });
const upsellB = product(41, {
  name: 'Microsoft 365',
  type: 'upsell',
  additional_fields: [field(11, 'ms_tenant_country', 'Country', 'required', { input_component: 'country', prefilled_with: 'brand_country' })],
});
const catalog = [hosting, forwarding, adminAddon, upsellA, upsellB];
const location = () => screen.getByTestId('location').textContent;

describe('additional addon and upsell fields', () => {
  it('steps to the next addon with unfilled fields', async () => {
    const user = userEvent.setup();
    const shop = installFakeShop(catalog, [cartItem('row1', 1, { addons: [line(30), line(31)] })]);
    renderFields('/additional-addon-fields?id=row1&addonId=30');
    expect(await screen.findByRole('heading', { name: 'Details for Mail forwarding' })).toBeTruthy();
    await user.type(screen.getByLabelText('Forward to'), 'Hauptstr. 1, Berlin');
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    await waitFor(() => expect(location()).toBe('/additional-addon-fields?id=row1&addonId=31'));
    expect(shop.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      line: { kind: 'LINE_KIND_ADDON', line_id: 30 },
      additional_fields: [{ field_id: 22, value: 'Hauptstr. 1, Berlin' }],
    });
    expect(shop.calls.find((c) => c.path === '/additional-fields/validate')?.body).toEqual({ fields: [{ id: 22, value: 'Hauptstr. 1, Berlin', type: 'addon' }] });
    expect(await screen.findByRole('heading', { name: 'Details for Admin access' })).toBeTruthy();
  });

  it('steps through the upsells by their own ids, then to the cart', async () => {
    const user = userEvent.setup();
    const shop = installFakeShop(catalog, [cartItem('row1', 1, { addons: [line(30, [[22, 'kept'] ])], upsells: [line(40), line(41)] })]);
    renderFields('/additional-popularaddon-fields?id=row1&addonId=40');
    expect(await screen.findByRole('heading', { name: 'Details for Site builder' })).toBeTruthy();
    await user.type(screen.getByLabelText('Site title'), 'My shop');
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    // The older system used the addon's id here (spec §2); the next upsell is 41.
    await waitFor(() => expect(location()).toBe('/additional-popularaddon-fields?id=row1&addonId=41'));

    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe('DE')); // the brand's country
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(shop.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { line: { kind: 'LINE_KIND_UPSELL', line_id: 40 }, additional_fields: [{ field_id: 8, value: 'My shop' }] },
      { line: { kind: 'LINE_KIND_UPSELL', line_id: 41 }, additional_fields: [{ field_id: 11, value: 'DE' }] },
    ]);
  });

  it('returns to post-fill when reached from there (p=y)', async () => {
    const user = userEvent.setup();
    installFakeShop(catalog, [cartItem('row1', 1, { addons: [line(30), line(31)] })]);
    renderFields('/additional-addon-fields?id=row1&addonId=30&p=y');
    await user.type(await screen.findByLabelText('Forward to'), 'Somewhere');
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    await waitFor(() => expect(location()).toBe('/postfill'));
  });

  it('goes to the categories when the id matches no cart item', async () => {
    installFakeShop(catalog, [cartItem('row1', 1)]);
    renderFields('/additional-addon-fields?id=nope&addonId=30');
    await waitFor(() => expect(location()).toBe('/categories'));
  });

  it('skips a line that is not in the item', async () => {
    installFakeShop(catalog, [cartItem('row1', 1, { addons: [line(31)] })]);
    renderFields('/additional-addon-fields?id=row1&addonId=30');
    await waitFor(() => expect(location()).toBe('/additional-addon-fields?id=row1&addonId=31'));
  });

  // Spec §6: preconfigured items are non-interactive except for sales agents; the cart service
  // refuses the change (403), so the screen does not offer it.
  const noAgent = (req: { path: string }) => (req.path === '/admins/me' ? new Response(null, { status: 204 }) : undefined);
  const agent = (req: { path: string }) => (req.path === '/admins/me' ? json({ id: 'agent-7', is_sales_agent: true }) : undefined);

  it.each([
    ['/additional-addon-fields?id=row1&addonId=30', 'addon'],
    ['/additional-popularaddon-fields?id=row1&addonId=40', 'upsell'],
    ['/additional-addon-fields?id=row1&addonId=30&p=y', 'post-fill addon'],
  ])('sends a customer who opens %s of a preconfigured item (%s) by URL to the cart', async (path) => {
    const shop = installFakeShop(catalog, [cartItem('row1', 1, { addons: [line(30)], upsells: [line(40)], is_preconfigured: true })], noAgent);
    renderFields(path);
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(screen.queryByRole('button', { name: 'Save and proceed' })).toBeNull();
    expect(shop.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('lets a sales agent fill in the fields of a preconfigured item', async () => {
    installFakeShop(catalog, [cartItem('row1', 1, { addons: [line(30)], is_preconfigured: true })], agent);
    renderFields('/additional-addon-fields?id=row1&addonId=30');
    expect(await screen.findByRole('heading', { name: 'Details for Mail forwarding' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save and proceed' })).toBeTruthy();
  });
});
