import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { noticeToNotification, useCartNotices } from './cart-notices';
import { selectNotifications } from './notifications';
import { createAppStore } from './store';

describe('cart notices', () => {
  it('turns a removal with a reason into a titled notification', () => {
    expect(
      noticeToNotification({ key: 'cart.addon_removed', message: '', type: '', params: { name: 'Backup', reason: 'cart.period_not_supported' } }),
    ).toEqual({
      type: 'warning',
      title: 'cart.addon_removed',
      message: 'cart.period_not_supported',
      params: { name: 'Backup', reason: 'cart.period_not_supported' },
      preserveRouteChange: true,
    });
  });

  it('keeps the title, body and type of promotion notices and names domains', () => {
    expect(noticeToNotification({ key: 'cart.promotion_removed', message: 'cart.promotion_no_longer_available', type: 'info', params: { code: 'X' } })).toMatchObject({
      type: 'info',
      title: 'cart.promotion_removed',
      message: 'cart.promotion_no_longer_available',
    });
    expect(noticeToNotification({ key: 'cart.domain_moved', params: { domain: 'a.de' } })).toEqual({
      type: 'warning',
      message: 'cart.domain_moved',
      params: { domain: 'a.de', name: 'a.de' },
      preserveRouteChange: true,
    });
  });

  it('dispatches one notification per notice', () => {
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useCartNotices(), { wrapper });
    act(() => result.current.showCartNotices([{ key: 'cart.different_coupon_applied' }, { key: 'cart.period_reset', params: { name: 'P' } }]));
    act(() => result.current.showCartNotices(undefined));
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['cart.different_coupon_applied', 'cart.period_reset']);
  });

  it("shows several products or domains gone as spec §8's one aggregate notice; a single one keeps its own", () => {
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => useCartNotices(), { wrapper });
    const gone = (key: string, params: Record<string, string>) => ({ key, params: { ...params, reason: 'cart.no_longer_available' } });
    act(() =>
      result.current.showCartNotices([
        { key: 'cart.different_coupon_applied' },
        gone('cart.product_removed', { product_id: '7', name: 'Web S' }),
        gone('cart.domain_removed', { domain: 'a.de' }),
        gone('cart.addon_removed', { name: 'Backup' }),
      ]),
    );
    expect(selectNotifications(store.getState()).map((n) => [n.title, n.message])).toEqual([
      [undefined, 'cart.different_coupon_applied'],
      [undefined, 'cart.items_no_longer_available'],
      ['cart.addon_removed', 'cart.no_longer_available'],
    ]);
    act(() => result.current.showCartNotices([gone('cart.domain_removed', { domain: 'b.de' })]));
    expect(selectNotifications(store.getState()).at(-1)).toMatchObject({ title: 'cart.domain_removed', message: 'cart.no_longer_available' });
  });
});
