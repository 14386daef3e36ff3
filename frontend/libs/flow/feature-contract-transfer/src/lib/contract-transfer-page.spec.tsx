import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Cart, CartItem } from '@hostcart/shared-data-access-api';
import { createAppStore, selectNotifications } from '@hostcart/shared-store';
import { apiError, catalogProduct, installFetch, json, maturity, renderWithApp, shownLocation } from '@hostcart/shared-testing';
import { ContractTransferPage } from './contract-transfer-page';

// The seed's transfer product: hidden, one one-month maturity, the transfer_contract field.
const transferProduct = catalogProduct(1095, 'Contract transfer', {
  type: 'contract-transfer',
  is_hidden: true,
  category_slug: 'contract-transfer',
  payment_maturities: [maturity(109501, 1, 0, [[2, 1]], { is_default: true, product_id: 1095 })],
});

function transferItem(reference: string): CartItem {
  return {
    row_id: 'row-transfer',
    product: {
      id: 1095,
      maturity_id: 109501,
      interval_id: 2,
      promotion: '',
      additional_fields: [{ field_id: 12, field_key: 'transfer_contract', value: reference }],
      informations: { transfer_id: 'T-7' },
    },
    addons: [],
    upsells: [],
    domains: [],
    is_preconfigured: false,
  } as CartItem;
}

/** The fake gateway: the transfer route answers `transfer`, the catalog knows the transfer product. */
function installShop(transfer: () => Response) {
  return installFetch((req) => {
    const url = new URL(req.path, 'http://localhost');
    if (url.pathname.startsWith('/contract-transfer/') && req.method === 'POST') return transfer();
    if (url.pathname === '/products') return json({ products: [transferProduct] });
    if (url.pathname === '/session/cart') return json({ cart: { items: [], version: 1 }, notices: [] });
    return undefined;
  });
}

function renderTransfer(path: string, locale = 'en-GB') {
  const store = createAppStore();
  renderWithApp(
    <Routes>
      <Route path="/contract-transfer/:transferId" element={<ContractTransferPage />} />
      <Route path="/cart" element={<p>cart page</p>} />
    </Routes>,
    { path, store, locale },
  );
  return store;
}

describe('ContractTransferPage', () => {
  it('shows a named loading state while the transfer is looked up', async () => {
    const calls = installFetch(() => new Promise(() => undefined));
    renderTransfer('/contract-transfer/T-7');
    expect(screen.getByRole('heading', { level: 1, name: 'Contract transfer' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Looking up the contract you are taking over…');
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /contract-transfer/T-7'));
  });

  it('puts the transfer into the cart once and follows the guided flow to the cart', async () => {
    const cart: Cart = { items: [transferItem('V-000007')], version: 2 };
    const calls = installShop(() =>
      json({ cart, notices: [], row_id: 'row-transfer', transfer: { transfer_id: 'T-7', contract_reference: 'V-000007', holder: 'Erika Mustermann' } }),
    );
    const store = renderTransfer('/contract-transfer/T-7');
    // One maturity, no addons, no domain: nothing is left to ask, the flow ends in the cart.
    await waitFor(() => expect(shownLocation()).toBe('/cart'));
    expect(calls.filter((c) => c.path.startsWith('/contract-transfer/'))).toHaveLength(1);
    expect(calls.find((c) => c.path.startsWith('/products'))?.path).toContain('1095');
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('escapes the transfer id into one path segment', async () => {
    const calls = installShop(() => apiError(404, 'domain.transfer_product_unavailable'));
    renderTransfer('/contract-transfer/T%2F1%3Fx');
    await waitFor(() => expect(shownLocation()).toBe('/cart'));
    expect(calls[0].path).toBe('/contract-transfer/T/1?x');
    expect((globalThis.fetch as jest.Mock).mock.calls[0][0].url).toContain('/contract-transfer/T%2F1%3Fx');
  });

  it.each([
    ['unknown transfer', () => apiError(404, 'domain.transfer_product_unavailable'), { message: 'domain.transfer_product_unavailable' }],
    ['product unavailable', () => apiError(422, 'domain.transfer_product_unavailable', { product_id: '1095' }), { message: 'domain.transfer_product_unavailable' }],
    ['transfer service down', () => apiError(503, 'domain.contract_transfer_unavailable'), { message: 'domain.contract_transfer_unavailable' }],
    ['gateway outage', () => apiError(503, 'error.service_unavailable'), { message: 'domain.contract_transfer_unavailable' }],
  ])('%s: a notification kept across the redirect to the cart', async (_name, answer, want) => {
    installShop(answer);
    const store = renderTransfer('/contract-transfer/T-9');
    await waitFor(() => expect(shownLocation()).toBe('/cart'));
    const [n] = selectNotifications(store.getState());
    expect(n).toMatchObject({ type: 'error', preserveRouteChange: true, ...want });
  });

  it('shows the first validation error of a refused reference under the product notification', async () => {
    installShop(() =>
      json({ error: 'domain.transfer_product_unavailable', errors: { transfer_contract: ['validation.max_length', 'validation.alpha'] }, params: { max: '64' } }, 422),
    );
    const store = renderTransfer('/contract-transfer/T-422');
    await waitFor(() => expect(shownLocation()).toBe('/cart'));
    const [n] = selectNotifications(store.getState());
    expect(n).toMatchObject({
      type: 'error',
      title: 'domain.transfer_product_unavailable',
      message: 'validation.max_length',
      params: { max: '64', field: 'Contract reference' },
    });
  });

  it('names the reference in German', async () => {
    installShop(() => json({ error: 'domain.transfer_product_unavailable', errors: { transfer_contract: ['validation.required'] } }, 422));
    const store = renderTransfer('/contract-transfer/T-1', 'de-DE');
    await waitFor(() => expect(shownLocation()).toBe('/cart'));
    expect(selectNotifications(store.getState())[0].params).toMatchObject({ field: 'Vertragsnummer' });
  });

  it('goes to the cart when the flow cannot load the product', async () => {
    installFetch((req) => {
      if (req.path.startsWith('/contract-transfer/'))
        return json({ cart: { items: [transferItem('V-1')], version: 2 }, notices: [], row_id: 'row-transfer', transfer: null });
      if (req.path.startsWith('/products')) return apiError(503, 'error.service_unavailable');
      return undefined;
    });
    const store = renderTransfer('/contract-transfer/T-1');
    await waitFor(() => expect(shownLocation()).toBe('/cart'));
    expect(selectNotifications(store.getState())).toEqual([]);
  });
});
