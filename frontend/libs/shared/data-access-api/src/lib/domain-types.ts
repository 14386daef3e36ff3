// Response shapes of the domain routes: the gateway's protojson of libs/proto/checkout/domain/v1
// (ApiJson of the generated types: proto field names, every field present, unset messages null).
import type { ApiJson, domain } from '@hostcart/shared-api-types';

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
export type DomainPrice = ApiJson<domain.DomainPriceJson>;
/** tld is the ASCII form without a leading dot, tld2 the display form; idn: umlauts allowed. */
export type Tld = ApiJson<domain.TldJson>;
export type DomainGroup = ApiJson<domain.DomainGroupJson>;
/** Search input as the server normalised it (spec §5); tld is '' when the input had none. */
export type DomainSearch = ApiJson<domain.DomainSearchJson>;
export type DomainInputErrorBody = ApiJson<domain.InputErrorJson>;
export type NormalizeSearchResponse = ApiJson<domain.NormalizeSearchResponseJson>;
/** status is a DomainStatus, status_text its domain.status.* message key. */
export type DomainSearchResult = ApiJson<domain.DomainSearchResultJson>;
/** recommendations holds only available names. */
export type DomainRecommendations = ApiJson<domain.GetRecommendationsResponseJson>;
export type FullDomainSearch = ApiJson<domain.SearchFullDomainResponseJson>;
/** The brand's free TLDs, those of the given domains that are free, and how many remain. */
export type InclusiveTlds = ApiJson<domain.GetInclusiveTldsResponseJson>;
export type DomainFieldValue = ApiJson<domain.DomainFieldValueJson>;
/** field_id is 0 when the domain name itself was rejected; errors are message keys in rule order. */
export type DomainFieldError = ApiJson<domain.DomainFieldErrorJson>;
export type DomainFieldsValidation = ApiJson<domain.ValidateDomainAdditionalFieldsResponseJson>;

export type ListTldsResponse = ApiJson<domain.ListTldsResponseJson>;
export type ListDomainGroupsResponse = ApiJson<domain.ListDomainGroupsResponseJson>;
export type CheckAvailabilityResponse = ApiJson<domain.CheckAvailabilityResponseJson>;
