import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductAddonLink } from '@hostcart/shared-data-access-api';
import { maturity } from '@hostcart/shared-testing';
import { cartItem, field, installFakeShop, line, product, renderFields } from './test-utils';
import { businessAddressValues } from './use-field-family';

const customerType = (addonId: number, extra: Partial<ProductAddonLink> = {}): ProductAddonLink => ({
  id: addonId,
  product_id: 1061,
  addon_id: addonId,
  is_recommended: false,
  recommended_addon_order: 0,
  is_promoted: false,
  promoted_addon_order: 0,
  groups: [{ id: 17, name: 'nsa_customer_type', display_name: 'Customer type', display_description: '', rules: [{ type: 'variants' }, { type: 'mutually_exclusive' }] }],
  ...extra,
});

const typeField = field(13, 'nsa_customer_type', 'Customer type', 'required', { input_component: 'nsa_customer_type' });
const businessAddress = product(1061, {
  name: 'Business address Berlin',
  payment_maturities: [
    maturity(106101, 3, 4900, [[1061011, 1]], { product_id: 1061 }),
    maturity(106103, 12, 2900, [[1061031, 12]], { is_default: true, product_id: 1061 }),
  ],
  additional_fields: [
    field(14, 'nsa_minimum_rental_period', 'Minimum rental period', 'required', { input_component: 'nsa_minimum_rental_period' }),
    field(18, 'nsa_additional_tenants', 'Additional tenants', 'persons', { input_component: 'nsa_additional_tenants' }),
  ],
  addons: [customerType(1231), customerType(1232), { ...customerType(1241), groups: [] }],
});
const ppoa = product(1241, {
  name: 'Power of attorney',
  type: 'addon',
  order: 9,
  additional_fields: [field(19, 'ppoa_authorization', 'Type of authorisation', 'required', { input_component: 'ppoa_authorization' })],
});
const privatePerson = product(1231, { name: 'Private person', type: 'addon', order: 1, additional_fields: [typeField] });
const soleTrader = product(1232, { name: 'Sole trader', type: 'addon', order: 2, additional_fields: [typeField] });
const catalog = [businessAddress, privatePerson, soleTrader, ppoa];
const location = () => screen.getByTestId('location').textContent;

describe('business-address field screens', () => {
  it('choosing another customer type swaps the addon and shows its fields, not the next line’s', async () => {
    const user = userEvent.setup();
    // The cart keeps one variant per exclusive group: adding 1232 replaces 1231 (the power of
    // attorney after it has unfilled fields, which the flow would go to if the screen skipped).
    const shop = installFakeShop(catalog, [cartItem('row1', 1061, { addons: [line(1231), line(1241)] })], (req) => {
      if (req.method !== 'POST' || !req.path.endsWith('/addons')) return undefined;
      const item = shop.cart.items[0];
      item.addons = [...item.addons.filter((a) => a.id !== 1231), line((req.body as { addon_id: number }).addon_id)];
      return new Response(JSON.stringify({ cart: { ...structuredClone(shop.cart), version: '2' }, notices: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderFields('/additional-addon-fields?id=row1&addonId=1231');
    const other = await screen.findByLabelText('Sole trader');
    expect((screen.getByLabelText('Private person') as HTMLInputElement).checked).toBe(true);
    await user.click(other);
    await waitFor(() => expect(location()).toBe('/additional-addon-fields?id=row1&addonId=1232'));
    expect(shop.calls.find((c) => c.method === 'POST' && c.path.endsWith('/addons'))?.body).toMatchObject({ addon_id: 1232 });
    expect(await screen.findByRole('heading', { name: 'Details for Sole trader' })).toBeTruthy();
    expect((screen.getByLabelText('Sole trader') as HTMLInputElement).checked).toBe(true);
    // Still there a moment later: no skip to the power of attorney.
    await new Promise((r) => setTimeout(r, 300));
    expect(location()).toBe('/additional-addon-fields?id=row1&addonId=1232');
  });

  it('offers the product’s rental periods with monthly prices and saves the months', async () => {
    const user = userEvent.setup();
    const shop = installFakeShop(catalog, [cartItem('row1', 1061)]);
    renderFields('/additional-product-fields?rowId=row1&id=1061');
    const twelve = await screen.findByRole('button', { name: /12 months/ });
    expect(screen.getByRole('button', { name: /3 months/ }).textContent).toMatch(/58\.31/); // 49.00 + 19 % VAT
    await user.click(twelve);
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    await waitFor(() => expect(shop.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(shop.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      additional_fields: [
        { field_id: 14, value: '12' },
        { field_id: 18, value: '' }, // no tenants
      ],
    });
  });
});

describe('businessAddressValues', () => {
  it('collects the nsa values of the item’s lines by key', () => {
    const item = cartItem('row1', 1061, {
      product: line(1061, [
        [18, '{"persons":[]}'],
        [14, '12'],
      ]),
      addons: [line(1231, [[13, '1231']])],
    });
    expect(businessAddressValues(item, businessAddress, catalog)).toEqual({ nsa_additional_tenants: '{"persons":[]}', nsa_minimum_rental_period: '12', nsa_customer_type: '1231' });
    expect(businessAddressValues(cartItem('row2', 1061), businessAddress, catalog)).toBeUndefined();
  });
});
