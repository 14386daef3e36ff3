import type { PricedCart, PricedDomain, PricedItem, PricedLine } from '@hostcart/shared-data-access-api';

/** Addon rows the cart shows: hide_in_cart addons (e.g. archive storage) stay out of the table. */
export function visibleAddons(item: PricedItem): PricedLine[] {
  return (item.addons ?? []).filter((a) => !a.hide_in_cart);
}

/** Every product, addon and upsell line of the cart that has a term (the footnote and analytics read them). */
export function termLines(priced: PricedCart): PricedLine[] {
  return (priced.items ?? []).flatMap((item) => [...(item.product ? [item.product] : []), ...(item.addons ?? []), ...(item.upsells ?? [])]);
}

export function domainsOf(item: PricedItem): PricedDomain[] {
  return item.domains ?? [];
}

/** The display name of an item: its product's name. */
export function itemName(item: PricedItem): string {
  return item.product?.name ?? '';
}

/**
 * Manual codes held by the cart: every line's code that is not one of the brand's automatic
 * promotions (those come back by themselves and cannot be removed by the visitor).
 */
export function manualCodes(priced: PricedCart, automaticCodes: ReadonlySet<string>): string[] {
  const codes = new Set<string>();
  for (const item of priced.items ?? []) {
    for (const line of [item.product, ...(item.addons ?? []), ...(item.upsells ?? []), ...(item.domains ?? [])]) {
      const code = line?.promotion?.code;
      if (code && !automaticCodes.has(code)) codes.add(code);
    }
  }
  return [...codes].sort();
}
