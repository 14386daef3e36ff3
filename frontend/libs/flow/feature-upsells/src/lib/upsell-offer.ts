import type { Cart, CartItem, PaymentMaturity, Product, ProductUpsell } from '@hostcart/shared-data-access-api';
import { chosenPeriod, isAddonAvailable } from '@hostcart/flow-util-guided-flow';
import { fieldsShown, isRequiredField } from '@hostcart/shared-ui-fields';
import { addonMaturityFor } from '@hostcart/shared-util-pricing';

/**
 * An upsell's catalog product with the offer texts of spec §3 (docs/api.md Product: upsell_headline,
 * advantages_headline, advantages, advantages_button_text, disadvantages).
 */
export type UpsellProduct = Product & {
  upsell_headline?: string;
  advantages?: string[] | null;
  advantages_headline?: string;
  advantages_button_text?: string;
  disadvantages?: string[] | null;
};

/** One popular addon as the screen offers it: the product's upsell link and the upsell's product. */
export interface UpsellOffer {
  link: ProductUpsell;
  product: UpsellProduct;
  /**
   * The upsell's term it would be added with (the item's months, spec §4), whose price the offer
   * shows: the figure the cart prints once it is added (issue 23, one price per choice).
   */
  maturity?: PaymentMaturity;
}

export interface OfferOptions {
  /** ?upsellProductId: the upsell to show (first of the walk). */
  upsellProductId?: number;
  /** History state browseAllUpsells: walk every upsell of the product, one at a time. */
  browseAll?: boolean;
}

// An upsell link carries no groups, so only the period rule of spec §4 applies to it.
const NO_RULES = { is_recommended: false, recommended_addon_order: 0, is_promoted: false, promoted_addon_order: 0, groups: [] };

/**
 * The upsells the screen shows, in order. Only upsells the service can add are offered: the upsell
 * product is in the catalog with a maturity of the item's months (spec §4 "Popular addons": the
 * upsell gets the product's contract and interval months). Without browseAll it is one upsell:
 * the one asked for, else the first. With browseAll the walk starts at the one asked for.
 */
export function upsellOffers(product: Product, item: CartItem, lineProducts: readonly Product[], options: OfferOptions = {}): UpsellOffer[] {
  const { maturity, interval } = chosenPeriod(product, item.product);
  const period = { maturity: maturity?.months ?? 0, interval: interval?.months ?? 0 };
  const offers: UpsellOffer[] = [];
  for (const link of product.upsells ?? []) {
    const upsell = lineProducts.find((p) => p.id === link.upsell_id);
    if (upsell && maturity && isAddonAvailable({ ...NO_RULES, addon_id: link.upsell_id }, upsell, period)) {
      offers.push({ link, product: upsell, maturity: addonMaturityFor(upsell.payment_maturities, period.maturity) });
    }
  }
  const asked = offers.findIndex((o) => o.link.upsell_id === options.upsellProductId);
  const start = asked >= 0 ? asked : 0;
  return options.browseAll ? offers.slice(start) : offers.slice(start, start + 1);
}

/** Spec §2: the fields form appears for an added upsell with required fields of the main flow. */
export function needsUpsellFields(upsell: Pick<Product, 'additional_fields'>): boolean {
  return fieldsShown(upsell.additional_fields ?? [], false).some(isRequiredField);
}

/**
 * The freshest of two views of one item: the cart query (refetched after every mutation) and the
 * cart a mutation just answered. The higher cart version wins; the query on a tie.
 */
export function freshestItem(rowId: string, fromQuery: CartItem | undefined, queryVersion: Cart['version'] | undefined, answered: Cart | undefined): CartItem | undefined {
  if (!answered || (queryVersion !== undefined && queryVersion >= answered.version)) return fromQuery;
  return answered.items.find((i) => i.row_id === rowId);
}
