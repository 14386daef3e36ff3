import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Cart } from '@hostcart/shared-data-access-api';
import { createAppStore, selectNotifications } from '@hostcart/shared-store';
import { apiError, catalogProduct, installFetch, maturity, type SeenRequest } from '@hostcart/shared-testing';
import { orderInformations, useOrderExtras } from './use-order-extras';

const hosting = catalogProduct(1001, 'Web hosting', {
  payment_maturities: [maturity(12, 12, 500, [[121, 1], [1212, 12]]), maturity(24, 24, 450, [[241, 1]])],
});

function cartWith(maturityId: number, intervalId: number, promotion = '', addons: number[] = []): Cart {
  const line = (id: number) => ({ id, maturity_id: 0, interval_id: 0, promotion: '', additional_fields: [] });
  return {
    version: 1,
    items: [{ row_id: 'r1', is_preconfigured: false, product: { ...line(1001), maturity_id: maturityId, interval_id: intervalId, promotion }, addons: addons.map(line), upsells: [], domains: [] }],
  };
}

/** A cart service that moves the period, redeems LONG24 only on 24-month terms and adds addon 7. */
function fakeService(respond: (req: SeenRequest) => Response | undefined = () => undefined) {
  let state = cartWith(12, 121);
  const answer = () => ({ cart: state, notices: [] });
  return installFetch((req) => {
    const special = respond(req);
    if (special) return special;
    if (req.path === '/promotions/LONG24') return { promotion: { code: 'LONG24', supported: { maturity_months: [24], interval_months: [], for_addon: false, for_upsell: false } } };
    if (req.method === 'PUT' && req.path === '/session/cart/items/r1/period') {
      state = cartWith(req.body.maturity_id, req.body.interval_id, '', state.items[0].addons.map((a) => a.id));
      return answer();
    }
    if (req.method === 'POST' && req.path === '/session/cart/promotions') {
      const p = state.items[0].product;
      if (p.maturity_id === 24) state = cartWith(p.maturity_id, p.interval_id, 'LONG24');
      return { ...answer(), code: req.body.code };
    }
    if (req.method === 'POST' && req.path === '/session/cart/items/r1/addons') {
      const p = state.items[0].product;
      state = cartWith(p.maturity_id, p.interval_id, p.promotion, [req.body.addon_id]);
      return answer();
    }
    return undefined;
  });
}

function setup() {
  const store = createAppStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useOrderExtras(), { wrapper });
  return { store, run: result.current };
}

const mutations = (seen: SeenRequest[]) => seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`);

describe('useOrderExtras (spec §4: promo code and addon of the URL)', () => {
  it('adopts the promotion period, redeems the code, then adds the addon on the final term', async () => {
    const seen = fakeService();
    const { store, run } = setup();
    let cart: Cart | undefined;
    await act(async () => {
      cart = await run({ rowId: 'r1', product: hosting, cart: cartWith(12, 121), promocode: 'LONG24', addonId: 7 });
    });
    expect(mutations(seen)).toEqual([
      'PUT /session/cart/items/r1/period {"maturity_id":24,"interval_id":241}',
      'POST /session/cart/promotions {"code":"LONG24"}',
      'POST /session/cart/items/r1/addons {"addon_id":7}',
    ]);
    expect(cart?.items[0].product).toMatchObject({ maturity_id: 24, promotion: 'LONG24' });
    expect(cart?.items[0].addons.map((a) => a.id)).toEqual([7]);
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('goes back to the previous period when the code did not land, and explains a refused addon', async () => {
    const seen = fakeService((req) => {
      if (req.path === '/session/cart/promotions') return apiError(422, 'confirm.manual_promotion_not_applicable', { code: 'LONG24' });
      if (req.path === '/session/cart/items/r1/addons') return apiError(422, 'cart.addon_not_available', { name: 'Daily backup' });
      return undefined;
    });
    const { store, run } = setup();
    let cart: Cart | undefined;
    await act(async () => {
      cart = await run({ rowId: 'r1', product: hosting, cart: cartWith(12, 121), promocode: 'LONG24', addonId: 7 });
    });
    expect(mutations(seen)).toEqual([
      'PUT /session/cart/items/r1/period {"maturity_id":24,"interval_id":241}',
      'POST /session/cart/promotions {"code":"LONG24"}',
      'PUT /session/cart/items/r1/period {"maturity_id":12,"interval_id":121}',
      'POST /session/cart/items/r1/addons {"addon_id":7}',
    ]);
    expect(cart?.items[0].product).toMatchObject({ maturity_id: 12, interval_id: 121 });
    expect(selectNotifications(store.getState())).toEqual([
      expect.objectContaining({ type: 'error', message: 'confirm.manual_promotion_not_applicable', params: { code: 'LONG24' } }),
      expect.objectContaining({ type: 'warning', title: 'cart.addon_not_available_title', message: 'cart.addon_not_available', params: { addon: 'Daily backup' } }),
    ]);
  });

  it('does nothing without extras', async () => {
    const seen = fakeService();
    const { run } = setup();
    const before = cartWith(12, 121);
    let cart: Cart | undefined;
    await act(async () => {
      cart = await run({ rowId: 'r1', product: hosting, cart: before });
    });
    expect(seen).toEqual([]);
    expect(cart).toBe(before);
  });
});

describe('orderInformations', () => {
  it('keeps the referrer and demo reference that are set', () => {
    expect(orderInformations({ referrer: 'partner', webcard_demo_reference: 'demo42' })).toEqual({ referrer: 'partner', webcard_demo_reference: 'demo42' });
    expect(orderInformations({ webcard_demo_reference: 'demo42' })).toEqual({ webcard_demo_reference: 'demo42' });
    expect(orderInformations({ referrer: '' })).toBeUndefined();
  });
});
