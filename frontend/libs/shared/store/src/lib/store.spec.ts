import { createSlice } from '@reduxjs/toolkit';
import { selectIsLoading } from '@hostcart/shared-data-access-api';
import { createAppStore, rootReducer } from './store';
import { dismissNotification, notify, routeChanged, selectNotifications } from './notifications';
import { closeModal, openModal, selectOpenModal } from './modals';
import { selectCartItemCount } from './cart';

describe('app store', () => {
  it('starts idle with no notifications, no modal and an empty cart counter', () => {
    const state = createAppStore().getState();
    expect(selectIsLoading(state)).toBe(false);
    expect(selectNotifications(state)).toEqual([]);
    expect(selectOpenModal(state)).toBeNull();
    expect(selectCartItemCount(state)).toBe(0);
  });

  it('clears notifications on navigation unless they ask to persist once', () => {
    const store = createAppStore();
    store.dispatch(notify({ type: 'info', message: 'a' }));
    store.dispatch(notify({ type: 'error', message: 'b', preserveRouteChange: true }));
    store.dispatch(routeChanged());
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['b']);
    store.dispatch(routeChanged());
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('shows the same notice once, persisting when any copy asks to', () => {
    const store = createAppStore();
    store.dispatch(notify({ type: 'warning', message: 'customer.country_not_supported', params: {} }));
    store.dispatch(notify({ type: 'warning', message: 'customer.country_not_supported', preserveRouteChange: true }));
    store.dispatch(notify({ type: 'warning', message: 'cart.product_removed', params: { name: 'A' } }));
    store.dispatch(notify({ type: 'warning', message: 'cart.product_removed', params: { name: 'B' } }));
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['customer.country_not_supported', 'cart.product_removed', 'cart.product_removed']);
    store.dispatch(routeChanged());
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['customer.country_not_supported']);
  });

  it('dismisses one notification by id', () => {
    const store = createAppStore();
    store.dispatch(notify({ type: 'warning', message: 'a' }));
    store.dispatch(notify({ type: 'warning', message: 'b' }));
    const [first] = selectNotifications(store.getState());
    store.dispatch(dismissNotification(first.id));
    expect(selectNotifications(store.getState()).map((n) => n.message)).toEqual(['b']);
  });

  it('closes the open modal on navigation', () => {
    const store = createAppStore();
    store.dispatch(openModal('help'));
    expect(selectOpenModal(store.getState())).toBe('help');
    store.dispatch(routeChanged());
    expect(selectOpenModal(store.getState())).toBeNull();
    store.dispatch(openModal('help'));
    store.dispatch(closeModal());
    expect(selectOpenModal(store.getState())).toBeNull();
  });

  it('lets a remote inject its slice into the running store', () => {
    const store = createAppStore();
    const remoteSlice = createSlice({
      name: 'remoteFeature',
      initialState: { visits: 0 },
      reducers: { visited: (s) => void (s.visits += 1) },
    });
    rootReducer.inject(remoteSlice);
    store.dispatch(remoteSlice.actions.visited());
    expect((store.getState() as unknown as Record<string, { visits: number }>)['remoteFeature'].visits).toBe(1);
  });
});
