import type { AddonGroup, AddonLink, AddonRule, PeriodInterval, PeriodMaturity } from '@hostcart/shared-util-periods';

/**
 * The slices of the catalog product and the cart item the guided flow decides on. They are
 * structural subsets of the API's JSON (protojson with proto names, docs/api.md and
 * libs/proto/checkout/cart/v1/cart.proto), so the API's objects can be passed as they are.
 */

// Terms, intervals and addon links are the period rules' types (shared-util-periods).
export type FlowInterval = PeriodInterval;
export type FlowMaturity = PeriodMaturity;
export type FlowAddonRule = AddonRule;
export type FlowAddonGroup = AddonGroup;
/** A product-addon link of the catalog product. */
export type FlowAddonLink = AddonLink;

export interface FlowFieldDefinition {
  id: number;
  /** Pipe-separated rules of spec §5. */
  validation_rules: string;
  is_postponed: boolean;
}

export interface FlowProduct {
  id: number;
  /** Type slug: hosting, certificate, domain-only, ... */
  type: string;
  /** 0 no, 1 required, 2 optional. */
  is_domainrequired: number;
  addons?: readonly FlowAddonLink[] | null;
  upsells?: readonly { upsell_id: number }[] | null;
  additional_fields?: readonly FlowFieldDefinition[] | null;
  payment_maturities?: readonly FlowMaturity[] | null;
}

export interface FlowFieldValue {
  field_id: number;
  value: string;
}

export interface FlowLine {
  id: number;
  maturity_id: number;
  interval_id: number;
  additional_fields?: readonly FlowFieldValue[] | null;
}

export interface FlowDomain {
  name: string;
  additional_fields?: readonly FlowFieldValue[] | null;
}

/** The cart item the flow is about (cart.proto Item). */
export interface FlowItem {
  row_id: string;
  product: FlowLine;
  addons?: readonly FlowLine[] | null;
  upsells?: readonly FlowLine[] | null;
  domains?: readonly FlowDomain[] | null;
}

export interface FlowFlags {
  /**
   * The visitor came through a domain search without choosing a product first (the lookup was
   * reached with d and no item id): after the domain screens the product question follows.
   */
  domainSearched?: boolean;
  /** The screen was opened from the cart (history state returnToCart). */
  returnToCart?: boolean;
  /** The screen belongs to the post-fill walk: it goes back to /postfill. */
  postfill?: boolean;
}

export interface FlowContext {
  item: FlowItem;
  /** The catalog product of item.product. */
  product: FlowProduct;
  /**
   * Catalog products of the addons and upsells (the product's addon links and upsells, and the
   * item's addon and upsell lines). One that is missing counts as not orderable.
   */
  lineProducts: readonly FlowProduct[];
  /**
   * Field definitions of the item's domains, by domain name (their TLD's additional fields).
   * Only the domain screens look at them.
   */
  domainFields?: Readonly<Record<string, readonly FlowFieldDefinition[]>>;
  flags?: FlowFlags;
}
