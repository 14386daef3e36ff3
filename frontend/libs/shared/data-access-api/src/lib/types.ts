// Response shapes of /api/v2 (protojson of libs/proto/checkout/catalog/v1 with proto field names).

export interface Locale {
  label: string;
  code: string;
  fallback_code: string;
  is_default: boolean;
}

/** Flags hold "true" or "false"; settings hold free text (spec §3). */
export type BrandProperties = Record<string, string>;

export interface Brand {
  id: number;
  name: string;
  slug: string;
  fqdn: string;
  is_visible: boolean;
  locales: Locale[];
  properties: BrandProperties;
}

export interface Country {
  id: number;
  code: string;
  name: string;
  phone_prefix: string;
  order: number;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
  description2: string;
  icon: string;
  is_addon: boolean;
  is_visible: boolean;
  product_notice: string;
  domain_capable: boolean;
  order: number;
}

export interface PaymentInterval {
  id: number;
  months: number;
  interval_vat: number;
  is_active: boolean;
  is_default: boolean;
}

export interface PaymentMaturity {
  id: number;
  months: number;
  price_cents: number;
  setup_fee_cents: number;
  cancelation_period: number;
  is_active: boolean;
  is_default: boolean;
  product_id: number;
  payment_intervals: PaymentInterval[];
}

export interface FromPrice {
  net_cents: number;
  gross_cents: number;
  vat_percent: number;
  maturity_months: number;
  setup_fee_cents: number;
}

export interface AdditionalField {
  id: number;
  key: string;
  label: string;
  order: number;
  validation_rules: string;
  input_component: string;
  is_postponed: boolean;
  prefilled_with: string;
  headline: string;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  tagline: string;
  type: string;
  type_id: number;
  category_name: string;
  category_slug: string;
  category_id: number;
  is_active: boolean;
  is_hidden: boolean;
  hide_in_cart: boolean;
  is_highlight: boolean;
  domain_capable: boolean;
  qty_max: number;
  order: number;
  is_domainrequired: number;
  additional_fields: AdditionalField[];
  payment_maturities: PaymentMaturity[];
  /** Absent when no maturity is orderable. */
  from_price?: FromPrice | null;
  /** Domains free with the product (spec §3 freeTlds); amount 0 or null when none. */
  free_tlds?: FreeTlds | null;
  /** Addon links of the product (docs/api.md Product). */
  addons?: ProductAddonLink[] | null;
  /** Popular addons (upsells) of the product. */
  upsells?: ProductUpsell[] | null;
}

export interface ProductAddonGroup {
  id: number;
  name: string;
  display_name: string;
  display_description: string;
  /** autoassign, mutually_exclusive, mutually_inclusive, invisible, variants, modules, ... */
  rules: { type: string }[];
}

export interface ProductAddonLink {
  id: number;
  product_id: number;
  addon_id: number;
  is_recommended: boolean;
  recommended_addon_order: number;
  is_promoted: boolean;
  promoted_addon_order: number;
  groups: ProductAddonGroup[];
}

export interface ProductUpsell {
  upsell_id: number;
  upsell_headline: string;
  disadvantages_headline: string;
  disadvantages: string[];
  disadvantages_button_text: string;
}

export interface FreeTlds {
  amount: number;
  /** TLDs without a leading dot. */
  domains: string[];
}

export interface ZipCode {
  code: string;
  city: string;
  country_code: string;
}

/** Error body of every failed call: a message key plus per-field message keys. */
export interface ApiErrorBody {
  error: string;
  errors?: Record<string, string[]>;
}
