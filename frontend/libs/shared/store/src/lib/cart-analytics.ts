import { createListenerMiddleware, isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import { cartApi, type Cart, type CartResponse, type PricedCart, type PricedLine } from '@hostcart/shared-data-access-api';
import { addToCart, removeFromCart, track, type AnalyticsLine, type ItemKind } from '@hostcart/shared-util-analytics';

/** One line of the cart: a product, addon or upsell of a row, or a domain (by name, whatever its row). */
export interface CartLineRef {
  kind: ItemKind;
  rowId: string;
  /** Catalog id; the name for a domain. */
  id: number | string;
}

// A domain is keyed without its row: a domain moving between items is neither added nor removed.
const keyOf = (l: CartLineRef) => (l.kind === 'domain' ? `domain|${l.id}` : `${l.rowId}|${l.kind}|${l.id}`);

/** Every line of a cart. */
export function cartLines(cart: Cart): CartLineRef[] {
  return cart.items.flatMap((it) => [
    { kind: 'product' as const, rowId: it.row_id, id: it.product.id },
    ...it.addons.map((l) => ({ kind: 'addon' as const, rowId: it.row_id, id: l.id })),
    ...it.upsells.map((l) => ({ kind: 'upsell' as const, rowId: it.row_id, id: l.id })),
    ...it.domains.map((d) => ({ kind: 'domain' as const, rowId: it.row_id, id: d.name })),
  ]);
}

/** The lines a change of the cart added and removed. */
export function cartChanges(before: Cart, after: Cart): { added: CartLineRef[]; removed: CartLineRef[] } {
  const was = new Map(cartLines(before).map((l) => [keyOf(l), l]));
  const is = new Map(cartLines(after).map((l) => [keyOf(l), l]));
  return {
    added: [...is.entries()].filter(([k]) => !was.has(k)).map(([, l]) => l),
    removed: [...was.entries()].filter(([k]) => !is.has(k)).map(([, l]) => l),
  };
}

function pricedLineOf(priced: PricedCart | undefined, ref: CartLineRef): PricedLine | undefined {
  const item = priced?.items.find((i) => i.row_id === ref.rowId);
  if (ref.kind === 'product') return item?.product ?? undefined;
  return (ref.kind === 'addon' ? item?.addons : item?.upsells)?.find((l) => l.id === ref.id);
}

/**
 * A line for analytics with its name and the amount its row shows, from the priced view when it
 * has the line; without one the line is reported by id with a price of 0 (never computed here).
 */
export function analyticsLine(ref: CartLineRef, priced: PricedCart | undefined): AnalyticsLine {
  if (ref.kind === 'domain') {
    const d = priced?.items.flatMap((i) => i.domains).find((x) => x.name === ref.id);
    return withCoupon({ kind: 'domain', id: ref.id, name: String(ref.id), priceCents: d?.price?.display_cents ?? 0 }, d?.promotion);
  }
  const line = pricedLineOf(priced, ref);
  return withCoupon({ kind: ref.kind, id: ref.id, name: line?.name ?? '', priceCents: line?.price?.display_cents ?? 0 }, line?.promotion);
}

function withCoupon(line: AnalyticsLine, promotion: PricedLine['promotion'] | undefined): AnalyticsLine {
  if (!promotion?.applied || !promotion.code) return line;
  return { ...line, coupon: promotion.code, discountCents: promotion.discount_display_cents || undefined };
}

/**
 * The visible lines of a priced cart (rows hidden in the cart left out), for view_cart and
 * begin_checkout; their value is priced.totals.total_display_cents.
 */
export function pricedCartLines(priced: PricedCart): AnalyticsLine[] {
  return cartLines(priced.cart)
    .filter((ref) => ref.kind === 'domain' || !pricedLineOf(priced, ref)?.hide_in_cart)
    .map((ref) => analyticsLine(ref, priced));
}

const MUTATIONS = [
  cartApi.endpoints.addProduct,
  cartApi.endpoints.removeItem,
  cartApi.endpoints.addAddon,
  cartApi.endpoints.removeAddon,
  cartApi.endpoints.addUpsell,
  cartApi.endpoints.removeUpsell,
  cartApi.endpoints.setPeriod,
  cartApi.endpoints.addDomain,
  cartApi.endpoints.removeDomain,
  cartApi.endpoints.replaceCart,
  cartApi.endpoints.clearCart,
] as const;

const isCartChange = isAnyOf(...MUTATIONS.map((e) => e.matchFulfilled));

/** How long an add waits for the refetched priced view to name and price the new lines. */
export const PRICED_WAIT_MS = 3000;

type CacheState = Parameters<ReturnType<typeof cartApi.endpoints.getCart.select>>[0];

/** A change whose cart before is unknown (nothing loaded it): what its argument says was added or removed. */
function changesFromArg(action: UnknownAction & { payload: CartResponse & { row_id?: string } }): { added: CartLineRef[]; removed: CartLineRef[] } {
  const { endpointName, originalArgs: arg } = (action as unknown as { meta: { arg: { endpointName: string; originalArgs: never } } }).meta.arg;
  const a = arg as Record<string, never>;
  switch (endpointName) {
    case 'addProduct':
      return { added: cartLines(action.payload.cart).filter((l) => l.rowId === action.payload.row_id && l.kind !== 'domain'), removed: [] };
    case 'addAddon':
      return { added: [{ kind: 'addon', rowId: a['rowId'], id: a['addon_id'] }], removed: [] };
    case 'addUpsell':
      return { added: [{ kind: 'upsell', rowId: a['rowId'], id: a['upsell_id'] }], removed: [] };
    case 'addDomain':
      return { added: [{ kind: 'domain', rowId: a['rowId'], id: a['name'] }], removed: [] };
    case 'removeAddon':
      return { added: [], removed: [{ kind: 'addon', rowId: a['rowId'], id: a['addonId'] }] };
    case 'removeUpsell':
      return { added: [], removed: [{ kind: 'upsell', rowId: a['rowId'], id: a['upsellId'] }] };
    case 'removeDomain':
      return { added: [], removed: [{ kind: 'domain', rowId: '', id: arg as unknown as string }] };
    default:
      return { added: [], removed: [] };
  }
}

/**
 * Pushes add_to_cart and remove_from_cart (spec §4a) for every cart mutation, from one place: the
 * lines the mutation added or removed (the cart before against the cart it answered), named and
 * priced by the priced view (before the change for removals, the refetched one for additions).
 */
export const cartAnalytics = createListenerMiddleware();

cartAnalytics.startListening({
  predicate: (action) => isCartChange(action),
  effect: async (action, api) => {
    const original = api.getOriginalState() as CacheState;
    const pricedBefore = cartApi.endpoints.getPricedCart.select()(original).data?.priced;
    const before = cartApi.endpoints.getCart.select()(original).data?.cart ?? pricedBefore?.cart;
    const answered = action as unknown as UnknownAction & { payload: CartResponse & { row_id?: string } };
    const { added, removed } = before ? cartChanges(before, answered.payload.cart) : changesFromArg(answered);
    if (removed.length > 0) track(removeFromCart(removed.map((r) => analyticsLine(r, pricedBefore))));
    if (added.length === 0) return;
    // The mutation invalidated the priced view; a mounted subscriber (the header's counter) refetches it.
    const next = await api.take(cartApi.endpoints.getPricedCart.matchFulfilled, PRICED_WAIT_MS);
    const pricedAfter = next ? next[0].payload.priced : undefined;
    track(addToCart(added.map((r) => analyticsLine(r, pricedAfter ?? pricedBefore))));
  },
});
