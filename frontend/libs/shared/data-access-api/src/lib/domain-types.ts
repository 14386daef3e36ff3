// Response shapes of the domain routes (protojson of libs/proto/checkout/domain/v1 with proto field
// names; every field present, unset messages null).
import type { AdditionalField } from './types';

/** Availability statuses exactly as the API sends them (spec §4 "Domain search"). */
export const DomainStatus = {
  Available: 0,
  /** Registered elsewhere: a transfer with an auth code is possible. */
  Taken: 1,
  Unavailable: 2,
  /** Already in the session's cart. */
  AlreadyOwned: 4,
} as const;

export type DomainStatusCode = (typeof DomainStatus)[keyof typeof DomainStatus];

/** Amounts of one TLD, computed by the server; the brand decides whether net or gross is shown. */
export interface DomainPrice {
  monthly_net_cents: number;
  monthly_gross_cents: number;
  /** Over the contract length (domains: 12 months, spec §9). */
  contract_net_cents: number;
  contract_gross_cents: number;
  setupfee_net_cents: number;
  setupfee_gross_cents: number;
  vat_percent: number;
  contract_months: number;
}

export interface Tld {
  id: number;
  /** ASCII form without a leading dot. */
  tld: string;
  /** Display form (Unicode for internationalised TLDs). */
  tld2: string;
  contractlength: number;
  group_id: number;
  group_name: string;
  is_active: boolean;
  interval_vat: number;
  price_cents: number;
  privacy: boolean;
  setupfee_cents: number;
  sort_id: number;
  top_tld: boolean;
  notice: string;
  external_id: string;
  article_name: string;
  /** Whether names with umlauts can be registered under this TLD. */
  idn: boolean;
  price: DomainPrice | null;
  additional_fields: AdditionalField[];
}

export interface DomainGroup {
  id: number;
  name: string;
  is_active: boolean;
  order: number;
  tlds: Tld[];
}

/** Search input as the server normalised it (spec §5). */
export interface DomainSearch {
  input: string;
  /** ASCII (punycode) second-level label. */
  sld: string;
  sld_unicode: string;
  sld_shortened: string;
  /** Offered TLD the input ended in, '' when it had none. */
  tld: string;
  domain: string;
  domain_unicode: string;
  idn: boolean;
  reduced: boolean;
}

export interface DomainInputErrorBody {
  key: string;
  chars: string[];
}

export interface NormalizeSearchResponse {
  valid: boolean;
  search: DomainSearch | null;
  error: DomainInputErrorBody | null;
}

export interface DomainSearchResult {
  /** ASCII full name. */
  domain: string;
  domain_unicode: string;
  tld: string;
  /** Free with the product the search was made for. */
  inclusive: boolean;
  sld: string;
  sld_shortened: string;
  status: number;
  /** domain.status.* message key. */
  status_text: string;
  notice: string;
  /** True when ordering needs an auth code (a transfer). */
  authcode: boolean;
  tld_id: number;
  price: DomainPrice | null;
  cached: boolean;
}

export interface DomainRecommendations {
  search: DomainSearch | null;
  /** Only available names. */
  recommendations: DomainSearchResult[];
}

export interface FullDomainSearch {
  search: DomainSearch | null;
  result: DomainSearchResult | null;
}

export interface InclusiveTlds {
  /** The free TLDs the brand offers, in the product's order. */
  inclusive_tlds: string[];
  /** Those of the given domains that are free, at most the remaining amount. */
  inclusive_domains: string[];
  /** Free domains left after inclusive_domains. */
  remaining: number;
}

export interface DomainFieldValue {
  /** Full domain name the value belongs to. */
  domain: string;
  field_id: number;
  value: string;
}

export interface DomainFieldError {
  domain: string;
  /** 0 when the domain name itself was rejected. */
  field_id: number;
  /** Message keys in rule order. */
  errors: string[];
}

export interface DomainFieldsValidation {
  valid: boolean;
  errors: DomainFieldError[];
}
