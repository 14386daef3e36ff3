import { screen, waitFor } from '@testing-library/react';
import { additionalField, catalogProduct } from '@hostcart/shared-testing';
import { POSTFILL_VISITED_KEY } from './postfill-page';
import { installOrderApi, renderOrder, shownLocation } from './test-utils';

beforeEach(() => sessionStorage.clear());

const cart = (fields: { field_id: number; value: string }[], addonFields: { field_id: number; value: string }[]) => ({
  cart: {
    items: [{ row_id: 'r1', product: { id: 1, maturity_id: 1, interval_id: 1, promotion: '', additional_fields: fields }, addons: [{ id: 9, maturity_id: 1, interval_id: 1, promotion: '', additional_fields: addonFields }], upsells: [], domains: [] }],
    version: 1,
  },
  notices: [],
});

function install(fields: { field_id: number; value: string }[], addonFields: { field_id: number; value: string }[] = []) {
  return installOrderApi({
    routes: {
      'GET /session/cart': () => cart(fields, addonFields),
      'GET /products?ids=1,9&include_hidden=true': () => ({
        products: [
          catalogProduct(1, 'Web hosting S', { additional_fields: [additionalField(5, 'main', 'Main', 'required|string'), additionalField(6, 'later', 'Later', 'required|string', { is_postponed: true })] }),
          catalogProduct(9, 'Backup', { additional_fields: [additionalField(7, 'addon_later', 'Addon later', 'required|string', { is_postponed: true })] }),
        ],
      }),
    },
  });
}

describe('post-fill (spec §2 "Post-fill")', () => {
  it('goes to the first item with postponed required fields, each once, then to confirm', async () => {
    install([{ field_id: 5, value: 'x' }]);
    const first = renderOrder('/postfill');
    await waitFor(() => expect(shownLocation()).toBe('/postfill/products?rowId=r1&p=y'));
    first.unmount();
    const second = renderOrder('/postfill');
    await waitFor(() => expect(shownLocation()).toBe('/postfill/addons?id=r1&addonId=9&p=y'));
    second.unmount();
    // Visited once each: the walk ends at confirm even if a form was left unfilled.
    renderOrder('/postfill');
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));
    expect(sessionStorage.getItem(POSTFILL_VISITED_KEY)).toBeNull();
  });

  it('goes straight to confirm when nothing postponed is missing', async () => {
    install([{ field_id: 6, value: 'filled' }], [{ field_id: 7, value: 'y' }]);
    renderOrder('/postfill');
    await waitFor(() => expect(shownLocation()).toBe('/confirm'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
