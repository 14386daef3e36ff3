// Shapes of the cart and promotion routes: the gateway's protojson of
// libs/proto/checkout/cart/v1/cart.proto and libs/proto/checkout/promotion/v1/promotion.proto
// (ApiJson of the generated types: proto field names, every field present, unset messages null).
// The XxxJson types are the bodies as sent; the cart the UI holds went through normalizeCart: the
// int64 version (a JSON string) as a number and the item's product line always there.
import type { ApiJson, cart, catalog, promotion } from '@hostcart/shared-api-types';

/** T with the members K optional. */
type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** A value of an additional field; field_key is set by the service, callers send id and value. */
export type FieldValue = Optional<ApiJson<cart.FieldValueJson>, 'field_key'>;

type ProductLine = ApiJson<cart.ProductLineJson>;

/**
 * A product, addon or upsell line of an item; informations (free key/value data of the flow, e.g.
 * webcard_demo_reference) only on product lines. promotion is '' for none.
 */
export type CartLine = Omit<ApiJson<cart.AddonLineJson>, 'additional_fields'> & {
  additional_fields: FieldValue[];
  informations?: ProductLine['informations'];
};

/** id is the TLD id, set by the service; name ASCII lower case; auth_code '' for a registration. */
export type CartDomain = Omit<ApiJson<cart.DomainJson>, 'additional_fields'> & { additional_fields: FieldValue[] };

export type CartItem = Omit<ApiJson<cart.ItemJson>, 'product' | 'addons' | 'upsells' | 'domains'> & {
  product: CartLine;
  addons: CartLine[];
  upsells: CartLine[];
  domains: CartDomain[];
};

/** The cart as sent; version is an int64, so a JSON string. */
export type CartJson = ApiJson<cart.CartJson>;

/**
 * The cart as the UI holds it (normalizeCart); pass version back unchanged. is_draft: the cart of
 * an order draft (spec §6: only a sales agent adds items to it); normalizeCart sets it only when
 * true, so a draft-less cart is { items, version } as before.
 */
export type Cart = { items: CartItem[]; version: number; is_draft?: boolean };

/** Something the service changed or refused (spec §8); key and message are message keys. */
export type CartNotice = Optional<ApiJson<cart.NoticeJson>, 'message' | 'type' | 'params'>;

/** The bodies of the cart routes as sent (GetCartResponse and the mutations' answers). */
export type CartResponseJson = ApiJson<cart.GetCartResponseJson>;
export type AddProductResponseJson = ApiJson<cart.AddProductResponseJson>;
export type RedeemPromotionResponseJson = ApiJson<cart.RedeemPromotionCodeResponseJson>;
export type PricedCartResponseJson = ApiJson<cart.GetPricedCartResponseJson>;

export type CartResponse = { cart: Cart; notices: CartNotice[] };

/** row_id: the item the product went into (an existing one when domain-only items merged). */
export type AddProductResponse = CartResponse & Pick<AddProductResponseJson, 'row_id'>;

/** code: the code as the cart stores it (upper case). */
export type RedeemPromotionResponse = CartResponse & Pick<RedeemPromotionResponseJson, 'code'>;

/** The part of an item an operation addresses (cart.proto LineKind, protojson enum names). */
export type LineKind = Exclude<cart.LineKindJson, 'LINE_KIND_UNSPECIFIED'>;

/** Amounts of one line in EUR cents; display = what the brand shows. */
export type LinePrice = ApiJson<cart.LinePriceJson>;
/** kind: percentage or fixed. */
export type LinePromotion = ApiJson<cart.LinePromotionJson>;
/** cancelation_period in days; promotion null when the line has none. */
export type PricedLine = ApiJson<cart.PricedLineJson>;
export type PricedDomain = ApiJson<cart.PricedDomainJson>;
export type PricedItem = ApiJson<cart.PricedItemJson>;
export type CartTotals = ApiJson<cart.TotalsJson>;

/**
 * items run parallel to cart.items; required_agreements: mca_agreement, eult_agreement,
 * gtc_agreement; item_count: the rows the header's cart counter shows.
 */
export type PricedCart = Omit<ApiJson<cart.PricedCartJson>, 'cart'> & { cart: Cart };

export type PricedCartResponse = { priced: PricedCart; notices: CartNotice[] };

/** type: product, addon, upsell or domain; value_type: percentage or fixed. */
export type Promotion = ApiJson<promotion.PromotionJson>;
export type ListPromotionsResponse = ApiJson<promotion.ListPromotionsResponseJson>;
export type GetPromotionResponse = ApiJson<promotion.GetPromotionByCodeResponseJson>;

// POST /additional-fields/validate has its own JSON (gateway catalogapi/fields.go): the values of
// ValidateAdditionalFieldsRequest with `id` and a kind, and the FieldErrors answered as one object
// by field id. The member types still come from the contract.
type FieldValueInput = ApiJson<catalog.FieldValueInputJson>;
type FieldErrors = ApiJson<catalog.FieldErrorsJson>;

/** Kind of a field value sent to POST /additional-fields/validate. */
export type FieldValidationType = 'product' | 'addon' | 'upsell' | 'domain';

export interface FieldValidationInput {
  id: FieldValueInput['field_id'];
  value: FieldValueInput['value'];
  type: FieldValidationType;
}

/** Per field id the message keys of the rules it broke; empty when every value passed. */
export interface FieldValidationResult {
  errors: Record<string, FieldErrors['errors']>;
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
