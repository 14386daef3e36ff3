import { useCallback } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  errorMessageKey,
  errorParams,
  useAddAddonMutation,
  useLazyGetPromotionQuery,
  useRedeemPromotionCodeMutation,
  useSetPeriodMutation,
  type Cart,
  type Product,
} from '@hostcart/shared-data-access-api';
import { notify, useAppDispatch, useCartNotices } from '@hostcart/shared-store';
import { productLineOf, promotionPeriod } from './order-rules';

const ADDON_NOT_AVAILABLE_KEY = 'cart.addon_not_available';

/** The URL values an order carries into the cart besides the product (spec §2 /products, /additional-product-fields). */
export interface OrderInformationsQuery {
  referrer?: string;
  webcard_demo_reference?: string;
}

/** The item's `informations` of an order (referrer, demo reference); undefined when there are none. */
export function orderInformations(query: OrderInformationsQuery): Record<string, string> | undefined {
  const info = Object.fromEntries((['referrer', 'webcard_demo_reference'] as const).filter((k) => query[k]).map((k) => [k, query[k] as string]));
  return Object.keys(info).length > 0 ? info : undefined;
}

export interface OrderExtrasArgs {
  /** The row the product was just added as (or is stored in). */
  rowId: string;
  product: Product;
  /** The cart the last mutation answered. */
  cart: Cart;
  /** `promocode` of the URL. */
  promocode?: string;
  /** `addons` of the URL: an addon to add to the item. */
  addonId?: number;
}

/**
 * What follows adding a product from the URL's extras (spec §4 "Product fields Save" / "Promo code
 * attached via the URL" / "Chosen addon via the URL"), for the products page and the product
 * fields page alike: the promo code first (the item adopts the promotion's maturity/interval months
 * when the product has a fitting one and goes back when the code did not land on it), then the
 * chosen addon, which then matches the item's final term. Each failure is a notification and the
 * order goes on; the answer is the freshest cart.
 */
export function useOrderExtras(): (args: OrderExtrasArgs) => Promise<Cart> {
  const dispatch = useAppDispatch();
  const { showCartNotices } = useCartNotices();
  const [getPromotion] = useLazyGetPromotionQuery();
  const [setPeriod] = useSetPeriodMutation();
  const [redeem] = useRedeemPromotionCodeMutation();
  const [addAddon] = useAddAddonMutation();

  const attachPromoCode = useCallback(
    async (rowId: string, product: Product, code: string, cart: Cart): Promise<Cart> => {
      const previous = productLineOf(cart, rowId);
      if (!previous) return cart;
      const promotion = await getPromotion(code, true)
        .unwrap()
        .catch(() => undefined); // an unknown code is reported by the redemption below
      const period = promotion ? promotionPeriod(product, promotion, previous) : undefined;
      let current = cart;
      let moved = false;
      if (period) {
        try {
          const res = await setPeriod({ rowId, ...period }).unwrap();
          showCartNotices(res.notices);
          current = res.cart;
          moved = true;
        } catch {
          // The item keeps its period; the code may still apply to it.
        }
      }
      let landed = false;
      try {
        const res = await redeem(code).unwrap();
        showCartNotices(res.notices);
        current = res.cart;
        landed = productLineOf(current, rowId)?.promotion?.toUpperCase() === res.code.toUpperCase();
      } catch (e) {
        dispatch(notify({ type: 'error', message: errorMessageKey(e as FetchBaseQueryError), params: { code }, preserveRouteChange: true }));
      }
      if (moved && !landed) {
        try {
          const res = await setPeriod({ rowId, maturity_id: previous.maturity_id, interval_id: previous.interval_id }).unwrap();
          current = res.cart;
        } catch {
          // Keeping the adopted period is harmless; the cart shows it.
        }
      }
      return current;
    },
    [dispatch, getPromotion, redeem, setPeriod, showCartNotices],
  );

  const attachAddon = useCallback(
    async (rowId: string, addonId: number, cart: Cart): Promise<Cart> => {
      try {
        const res = await addAddon({ rowId, addon_id: addonId }).unwrap();
        showCartNotices(res.notices);
        return res.cart;
      } catch (e) {
        // The product is in the cart already; the missing addon is explained, not fatal.
        const name = errorParams(e as FetchBaseQueryError)['name'];
        dispatch(
          notify({
            type: 'warning',
            title: `${ADDON_NOT_AVAILABLE_KEY}_title`,
            message: ADDON_NOT_AVAILABLE_KEY,
            params: { addon: typeof name === 'string' && name !== '' ? name : `#${addonId}` },
            preserveRouteChange: true,
          }),
        );
        return cart;
      }
    },
    [addAddon, dispatch, showCartNotices],
  );

  return useCallback(
    async ({ rowId, product, cart, promocode, addonId }: OrderExtrasArgs) => {
      let current = cart;
      if (promocode) current = await attachPromoCode(rowId, product, promocode, current);
      if (addonId && Number.isInteger(addonId) && addonId > 0) current = await attachAddon(rowId, addonId, current);
      return current;
    },
    [attachAddon, attachPromoCode],
  );
}
