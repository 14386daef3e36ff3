// Response shapes of the catalog routes: the gateway's protojson of libs/proto/checkout/catalog/v1
// (ApiJson of the generated types: proto field names, every field present, unset messages null).
import type { ApiJson, catalog } from '@hostcart/shared-api-types';

export type Locale = ApiJson<catalog.LocaleJson>;

/** Flags hold "true" or "false"; settings hold free text (spec §3). */
export type BrandProperties = Record<string, string>;

/** GET /brands/current: the gateway turns the repeated BrandProperty into one object by key. */
export type Brand = Omit<ApiJson<catalog.BrandJson>, 'properties'> & { properties: BrandProperties };

export type Country = ApiJson<catalog.CountryJson>;
export type Category = ApiJson<catalog.CategoryJson>;
export type PaymentInterval = ApiJson<catalog.PaymentIntervalJson>;
export type PaymentMaturity = ApiJson<catalog.PaymentMaturityJson>;
export type FromPrice = ApiJson<catalog.FromPriceJson>;
export type AdditionalField = ApiJson<catalog.AdditionalFieldJson>;
/** from_price is null when no maturity is orderable; free_tlds null when the product has none. */
export type Product = ApiJson<catalog.ProductJson>;
/** rules[].type: autoassign, mutually_exclusive, mutually_inclusive, invisible, variants, modules, ... */
export type ProductAddonGroup = ApiJson<catalog.AddonGroupJson>;
export type ProductAddonLink = ApiJson<catalog.ProductAddonJson>;
/** A popular addon (upsell) of a product. */
export type ProductUpsell = ApiJson<catalog.UpsellJson>;
/** Domains free with the product (spec §3 freeTlds); domains are TLDs without a leading dot. */
export type FreeTlds = ApiJson<catalog.FreeTldsJson>;
export type ZipCode = ApiJson<catalog.ZipCodeJson>;

/** Error body of every failed call (gateway/httperr): a message key plus per-field message keys. */
export interface ApiErrorBody {
  error: string;
  errors?: Record<string, string[]>;
}
