import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api, loadingSlice } from '@hostcart/shared-data-access-api';
import { cartAnalytics } from './cart-analytics';
import { modalsSlice } from './modals';
import { notificationsSlice } from './notifications';

/**
 * Slices that remotes inject at runtime (rootReducer.inject). A remote declares its slice here by
 * module augmentation so selectors stay typed:
 *   declare module '@hostcart/shared-store' { interface LazyLoadedSlices { flow: FlowState } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type -- empty on purpose: remotes add their slices by declaration merging, which needs an interface (a type alias cannot be augmented).
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, loadingSlice, notificationsSlice, modalsSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    // The analytics listener sees every cart mutation (spec §4a add_to_cart / remove_from_cart).
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(cartAnalytics.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
