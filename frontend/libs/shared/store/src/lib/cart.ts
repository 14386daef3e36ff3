import { cartApi, useGetPricedCartQuery } from '@hostcart/shared-data-access-api';
import { useAppSelector } from './hooks';
import type { RootState } from './store';

const selectPriced = cartApi.endpoints.getPricedCart.select();
const selectCart = cartApi.endpoints.getCart.select();

/**
 * Number of rows the header's cart counter shows. The priced view's item_count is the service's
 * count (items of hide_in_cart products left out); until it is loaded, the plain cart's items
 * stand in; 0 before either is.
 */
export function selectCartItemCount(state: RootState): number {
  const priced = selectPriced(state).data?.priced;
  if (priced) return priced.item_count;
  return selectCart(state).data?.cart.items.length ?? 0;
}

/**
 * Keeps the priced cart loaded while the calling component is mounted (the header), so the counter
 * follows every cart mutation (they invalidate it), and answers selectCartItemCount.
 */
export function useCartItemCount(): number {
  useGetPricedCartQuery();
  return useAppSelector(selectCartItemCount);
}
