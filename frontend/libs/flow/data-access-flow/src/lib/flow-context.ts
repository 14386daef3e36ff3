import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  catalogApi,
  domainApi,
  type AdditionalField,
  type CartItem,
  type Product,
  type Tld,
} from '@hostcart/shared-data-access-api';
import { lineProductIds, productsByIds } from '@hostcart/shared-store';
import type { FlowContext } from '@hostcart/flow-util-guided-flow';

/** Field definitions of the item's domains by name, from their TLD (the cart stores the TLD's id). */
export function domainFieldsOf(item: CartItem, tlds: readonly Tld[] | undefined): Record<string, AdditionalField[]> {
  const out: Record<string, AdditionalField[]> = {};
  for (const d of item.domains) {
    const tld = tlds?.find((t) => t.id === d.id) ?? tlds?.find((t) => d.name.endsWith(`.${t.tld}`));
    out[d.name] = tld?.additional_fields ?? [];
  }
  return out;
}

export function flowContextOf(
  item: CartItem,
  product: Product,
  lineProducts: readonly Product[],
  tlds?: readonly Tld[],
): FlowContext {
  return { item, product, lineProducts, domainFields: item.domains.length > 0 ? domainFieldsOf(item, tlds) : undefined };
}

// Dispatches the thunks RTK Query's initiate returns; any store's dispatch fits (its state and
// extra argument are not read here).
type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

async function products(dispatch: Dispatch, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const sub = dispatch(catalogApi.endpoints.getProducts.initiate(productsByIds(ids)));
  try {
    return await sub.unwrap();
  } finally {
    sub.unsubscribe();
  }
}

/**
 * Loads what nextStep needs for an item: its catalog product, the line products and (when it has
 * domains) the TLDs; answers from RTK Query's cache when the screens loaded them already. Throws
 * when a call fails; undefined when the item's product is not in the catalog (any more).
 */
export async function loadFlowContext(dispatch: Dispatch, item: CartItem): Promise<FlowContext | undefined> {
  const [product] = (await products(dispatch, [item.product.id])).filter((p) => p.id === item.product.id);
  if (!product) return undefined;
  const lineProducts = await products(dispatch, lineProductIds(item, product));
  let tlds: Tld[] | undefined;
  if (item.domains.length > 0) {
    const sub = dispatch(domainApi.endpoints.getTlds.initiate());
    try {
      tlds = await sub.unwrap();
    } finally {
      sub.unsubscribe();
    }
  }
  return flowContextOf(item, product, lineProducts, tlds);
}
