import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetTldsQuery, type CartItem, type Product } from '@hostcart/shared-data-access-api';
import { useCartItemProducts } from '@hostcart/shared-store';
import type { FlowContext } from '@hostcart/flow-util-guided-flow';
import { flowContextOf } from './flow-context';

export interface FlowItemState {
  isLoading: boolean;
  /** A failed call, or a 404-shaped error with key cart.item_not_found / cart.product_not_available. */
  error?: unknown;
  item?: CartItem;
  product?: Product;
  /** Catalog products of the product's addon links and upsells and of the item's lines. */
  lineProducts: Product[];
  /** What nextStep decides on (flags not set); present once everything is loaded. */
  context?: FlowContext;
}

/**
 * The cart item of rowId with its catalog product and line products (spec §4 flow screens): the
 * shared lookup of useCartItemProducts plus the item's TLDs (for its domains' fields) as the
 * FlowContext of util-guided-flow.
 */
export function useFlowItem(rowId: string | undefined): FlowItemState {
  const { isLoading, error, item, product, lineProducts } = useCartItemProducts(rowId);
  const tlds = useGetTldsQuery(item && item.domains.length > 0 ? undefined : skipToken);
  const ready = !isLoading && !error && !!item && !!product;

  const context = useMemo(
    () => (ready && item && product && (item.domains.length === 0 || tlds.data) ? flowContextOf(item, product, lineProducts, tlds.data) : undefined),
    [ready, item, product, lineProducts, tlds.data],
  );

  if (error || isLoading) return { isLoading, error, item, product, lineProducts };
  if (tlds.error) return { isLoading: false, error: tlds.error, item, product, lineProducts };
  if (!context) return { isLoading: true, item, product, lineProducts };
  return { isLoading: false, item, product, lineProducts, context };
}
