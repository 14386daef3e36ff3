import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCartQuery, useGetProductsQuery, type CartItem, type Product, type ProductsQuery } from '@hostcart/shared-data-access-api';

/**
 * The catalog query of a set of products by id. Ids are sorted and unique so every screen asking
 * for the same products shares one cache entry; hidden ones are included since a cart may hold them.
 */
export function productsByIds(ids: Iterable<number>): ProductsQuery {
  return { ids: [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b), includeHidden: true };
}

/** Ids of the products an item needs besides its own: linked addons, upsells and the item's lines. */
export function lineProductIds(item: CartItem, product: Product | undefined): number[] {
  return productsByIds([
    ...(product?.addons ?? []).map((l) => l.addon_id),
    ...(product?.upsells ?? []).map((u) => u.upsell_id),
    ...item.addons.map((l) => l.id),
    ...item.upsells.map((l) => l.id),
  ]).ids as number[];
}

/** An error shaped like the API's, so errorMessageKey and isNotFound read it. */
export function notFoundError(key: string) {
  return { status: 404, data: { error: key } } as const;
}

export interface CartItemProducts {
  /** True until the cart, the item's product and its line products are loaded. */
  isLoading: boolean;
  /** A failed call, or a 404-shaped error with key cart.item_not_found / cart.product_not_available. */
  error?: unknown;
  item?: CartItem;
  product?: Product;
  /** Catalog products of the product's addon links and upsells and of the item's lines. */
  lineProducts: Product[];
  /** Fetches the cart again (after a failure). */
  refetch: () => void;
}

const EMPTY: Product[] = [];

/**
 * The cart item of rowId with its catalog product and the catalog products of its lines: what the
 * flow screens (useFlowItem) and the cart's period modal both read, through the same cache entries.
 */
export function useCartItemProducts(rowId: string | undefined): CartItemProducts {
  const cart = useGetCartQuery(rowId ? undefined : skipToken);
  const item = rowId ? cart.data?.cart.items.find((i) => i.row_id === rowId) : undefined;
  const products = useGetProductsQuery(item ? productsByIds([item.product.id]) : skipToken);
  const product = item ? products.data?.find((p) => p.id === item.product.id) : undefined;
  const lineIds = useMemo(() => (item && product ? lineProductIds(item, product) : []), [item, product]);
  const lines = useGetProductsQuery(lineIds.length > 0 ? productsByIds(lineIds) : skipToken);
  const lineProducts = lines.data ?? EMPTY;
  const { refetch: refetchCart } = cart;
  const refetch = useMemo(() => () => void refetchCart(), [refetchCart]);

  if (!rowId) return { isLoading: false, error: notFoundError('cart.item_not_found'), lineProducts: EMPTY, refetch };
  const error = cart.error ?? products.error ?? lines.error;
  if (error) return { isLoading: false, error, item, product, lineProducts, refetch };
  if (cart.isLoading || !cart.data) return { isLoading: true, lineProducts: EMPTY, refetch };
  if (!item) return { isLoading: false, error: notFoundError('cart.item_not_found'), lineProducts: EMPTY, refetch };
  if (products.isLoading || !products.data) return { isLoading: true, item, lineProducts: EMPTY, refetch };
  if (!product) return { isLoading: false, error: notFoundError('cart.product_not_available'), item, lineProducts: EMPTY, refetch };
  if (lineIds.length > 0 && !lines.data) return { isLoading: true, item, product, lineProducts, refetch };
  return { isLoading: false, item, product, lineProducts, refetch };
}
