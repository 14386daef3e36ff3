import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessageKey, useAddProductMutation, type Product } from '@hostcart/shared-data-access-api';
import { orderInformations, useCartNotices, useGoNext, useOrderExtras } from '@hostcart/flow-data-access-flow';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { productChosen } from '../catalog-flow.slice';
import { needsProductFields } from './order-rules';

/** The query values of /categories and /products that shape an order (spec §2). */
export interface OrderQuery {
  /** Temporary domain-only item whose domains move to the new item. */
  tid?: string;
  /** Addon to add after the product. */
  addons?: string;
  promocode?: string;
  referrer?: string;
  webcard_demo_reference?: string;
}

export const MAX_AMOUNT_KEY = 'cart.max_amount_of_same_products_in_cart_reached';

/**
 * Ordering a product from a category tile, the products page or ?chooseProduct (spec §2, §4):
 * to its additional fields when some are in the main flow, else into the cart with the URL's
 * extras (informations, temporary domains, chosen addon, promo code) and on along the guided flow.
 * The cart service enforces qty_max; its refusal becomes the §8 notice.
 */
export function useOrderProduct(query: OrderQuery) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const goNext = useGoNext();
  const { showCartNotices } = useCartNotices();
  const [addProduct] = useAddProductMutation();
  const orderExtras = useOrderExtras();
  const [pendingId, setPendingId] = useState<number | null>(null);

  const order = useCallback(
    async (product: Product, categorySlug: string, { replace = false } = {}) => {
      dispatch(productChosen({ productId: product.id, categorySlug }));
      if (needsProductFields(product)) {
        const { tid, addons, webcard_demo_reference, promocode } = query;
        navigate(pathTo('additional-product-fields', {}, { id: product.id, tid, addons, webcard_demo_reference, promocode }), { replace });
        return;
      }
      setPendingId(product.id);
      try {
        let res;
        try {
          res = await addProduct({ product_id: product.id, informations: orderInformations(query), domains_from_row_id: query.tid }).unwrap();
        } catch (e) {
          const key = errorMessageKey(e as FetchBaseQueryError);
          dispatch(
            key === MAX_AMOUNT_KEY
              ? notify({ type: 'error', title: `${MAX_AMOUNT_KEY}_title`, message: MAX_AMOUNT_KEY, params: { product: product.name } })
              : notify({ type: 'error', message: key }),
          );
          return;
        }
        // add_to_cart is pushed by the store's cart-analytics listener.
        showCartNotices(res.notices);
        const addonId = query.addons ? Number(query.addons) : undefined;
        const cart = await orderExtras({ rowId: res.row_id, product, cart: res.cart, promocode: query.promocode, addonId });
        await goNext({ rowId: res.row_id, from: 'products', cart });
      } catch {
        dispatch(notify({ type: 'error', message: 'error.generic' }));
      } finally {
        setPendingId(null);
      }
    },
    [addProduct, dispatch, goNext, navigate, orderExtras, query, showCartNotices],
  );

  return { order, pendingId };
}
