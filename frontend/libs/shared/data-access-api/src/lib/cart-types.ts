// Shapes of the cart and promotion routes: protojson of libs/proto/checkout/cart/v1/cart.proto and
// libs/proto/checkout/promotion/v1/promotion.proto with proto field names. int64 fields (the
// cart's version) may arrive as JSON strings; toNumber normalises them where the UI counts.

/** A value of an additional field (cart.proto FieldValue). field_key is set by the service. */
export interface FieldValue {
  field_id: number;
  value: string;
  field_key?: string;
}

/** A product, addon or upsell line of an item (cart.proto ProductLine / AddonLine). */
export interface CartLine {
  id: number;
  maturity_id: number;
  interval_id: number;
  /** Promotion code of the line; '' for none. */
  promotion: string;
  additional_fields: FieldValue[];
  /** Product lines only: free key/value data of the flow (e.g. webcard_demo_reference). */
  informations?: Record<string, string>;
}

export interface CartDomain {
  /** TLD id, set by the service. */
  id: number;
  /** ASCII (punycode), lower case. */
  name: string;
  inclusive: boolean;
  /** Transfer auth code; '' for a registration. */
  auth_code: string;
  promotion_code: string;
  additional_fields: FieldValue[];
}

export interface CartItem {
  row_id: string;
  product: CartLine;
  addons: CartLine[];
  upsells: CartLine[];
  domains: CartDomain[];
  is_preconfigured: boolean;
}

export interface Cart {
  items: CartItem[];
  /** int64: a JSON string or number; pass it back unchanged. */
  version: number | string;
}

/** Something the service changed or refused (spec §8); key and message are message keys. */
export interface CartNotice {
  key: string;
  message?: string;
  /** "warning" or "info" for promotion notices; '' for the cart's own. */
  type?: string;
  params?: Record<string, string>;
}

export interface CartResponse {
  cart: Cart;
  notices: CartNotice[];
}

export interface AddProductResponse extends CartResponse {
  /** The item the product went into (an existing one when domain-only items merged). */
  row_id: string;
}

export interface RedeemPromotionResponse extends CartResponse {
  /** The code as the cart stores it (upper case). */
  code: string;
}

/** The part of an item an operation addresses (cart.proto LineKind, protojson enum names). */
export type LineKind = 'LINE_KIND_PRODUCT' | 'LINE_KIND_ADDON' | 'LINE_KIND_UPSELL' | 'LINE_KIND_DOMAIN';

/** Amounts of one line in EUR cents (cart.proto LinePrice); display = what the brand shows. */
export interface LinePrice {
  one_time: boolean;
  display_cents: number;
  show_price: boolean;
  monthly_net_cents: number;
  monthly_gross_cents: number;
  monthly_display_cents: number;
  setup_fee_net_cents: number;
  setup_fee_gross_cents: number;
  setup_fee_display_cents: number;
  contract_net_cents: number;
  contract_gross_cents: number;
  contract_display_cents: number;
  minimum_period_cents: number;
  total_net_cents: number;
  total_vat_cents: number;
  total_gross_cents: number;
  total_display_cents: number;
}

export interface LinePromotion {
  code: string;
  applied: boolean;
  /** percentage or fixed. */
  kind: string;
  percent_label: number;
  value_cents: number;
  months: number;
  promoted_monthly_net_cents: number;
  promoted_monthly_display_cents: number;
  discount_net_cents: number;
  discount_display_cents: number;
  discount_label: string;
}

export interface PricedLine {
  id: number;
  name: string;
  maturity_id: number;
  maturity_months: number;
  interval_id: number;
  interval_months: number;
  vat_percent: number;
  /** Days. */
  cancelation_period: number;
  price: LinePrice | null;
  /** null when the line has no promotion. */
  promotion: LinePromotion | null;
  hide_in_cart: boolean;
  non_removable: boolean;
  missing_field_ids: number[];
}

export interface PricedDomain {
  name: string;
  tld: string;
  inclusive: boolean;
  is_transfer: boolean;
  vat_percent: number;
  price: LinePrice | null;
  promotion: LinePromotion | null;
  missing_field_ids: number[];
}

export interface PricedItem {
  row_id: string;
  is_preconfigured: boolean;
  product: PricedLine | null;
  addons: PricedLine[];
  upsells: PricedLine[];
  domains: PricedDomain[];
  missing_domain: boolean;
  invalid: boolean;
  total_net_cents: number;
  total_gross_cents: number;
  total_display_cents: number;
}

export interface CartTotals {
  monthly_net_cents: number;
  monthly_gross_cents: number;
  monthly_display_cents: number;
  setup_fee_net_cents: number;
  contract_net_cents: number;
  discount_net_cents: number;
  discount_display_cents: number;
  total_net_cents: number;
  total_vat_cents: number;
  total_gross_cents: number;
  total_display_cents: number;
}

export interface PricedCart {
  cart: Cart;
  /** Parallel to cart.items. */
  items: PricedItem[];
  totals: CartTotals | null;
  prices_with_vat: boolean;
  hide_zero_prices: boolean;
  promotions_unavailable: boolean;
  /** mca_agreement, eult_agreement, gtc_agreement. */
  required_agreements: string[];
  sms_validation: boolean;
  checkout_blocked: boolean;
  /** Rows the header's cart counter shows. */
  item_count: number;
}

export interface PricedCartResponse {
  priced: PricedCart;
  notices: CartNotice[];
}

/** promotion.proto Promotion. */
export interface Promotion {
  id: number;
  code: string;
  /** product, addon, upsell or domain. */
  type: string;
  /** percentage or fixed. */
  value_type: string;
  percent: number;
  percent_label: number;
  value_cents: number;
  requires: number[];
  is_recurring: boolean;
  recurs_for: number;
  is_automatic: boolean;
  discount_label: string;
  applies_to: { type: string; ids: number[]; tlds: string[] } | null;
  supported: { maturity_months: number[]; interval_months: number[]; for_addon: boolean; for_upsell: boolean } | null;
  valid_from: string;
  valid_until: string;
}

/** Kind of a field value sent to POST /additional-fields/validate. */
export type FieldValidationType = 'product' | 'addon' | 'upsell' | 'domain';

export interface FieldValidationInput {
  id: number;
  value: string;
  type: FieldValidationType;
}

/** Per field id the message keys of the rules it broke; empty when every value passed. */
export interface FieldValidationResult {
  errors: Record<string, string[]>;
}

/**
 * An int64 of protojson (a decimal string or a number) as a number; 0 for anything else. Cart
 * versions stay far below 2^53, so no precision is lost.
 */
export function toNumber(value: number | string | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}
