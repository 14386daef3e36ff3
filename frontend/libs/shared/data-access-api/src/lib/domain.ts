import { api } from './api';
import type {
  CheckAvailabilityResponse,
  DomainFieldsValidation,
  DomainFieldValue,
  DomainGroup,
  DomainRecommendations,
  DomainSearchResult,
  FullDomainSearch,
  InclusiveTlds,
  ListDomainGroupsResponse,
  ListTldsResponse,
  NormalizeSearchResponse,
  Tld,
} from './domain-types';
import { withRetryAfter } from './retry-after';

/** Most names one availability call may carry (spec §4, §9: batches of 5). */
export const AVAILABILITY_BATCH_SIZE = 5;

export interface SearchArgs {
  /** The search input as typed; the server normalises it. */
  d: string;
  /** A product whose free TLDs mark results as inclusive. */
  productId?: number;
}

export interface RecommendationArgs extends SearchArgs {
  limit?: number;
}

export interface AvailabilityArgs {
  /** Full names, at most AVAILABILITY_BATCH_SIZE. */
  domains: string[];
  productId?: number;
}

export interface InclusiveTldsArgs {
  productId: number;
  /** Domains chosen for the product, in the order they were added. */
  domains: string[];
  alreadyUsed?: number;
}

export interface ValidateDomainFieldsArgs {
  fields: DomainFieldValue[];
  /** When false, empty postponed fields pass (they are filled in post-fill). */
  includePostponed: boolean;
}

function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== 0) q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

// Calls that reach the registry are flagged skipLoading: the lookup shows their progress per
// group, and the global loading indicator must not run for every batch (spec §4).
const registryCall = { skipLoading: true } as const;

export const domainApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTlds: build.query<Tld[], void>({
      query: () => '/domains',
      transformResponse: (body: ListTldsResponse) => body.tlds ?? [],
    }),
    getDomainGroups: build.query<DomainGroup[], void>({
      query: () => '/domains?group=true',
      transformResponse: (body: ListDomainGroupsResponse) => body.domain_groups ?? [],
    }),
    normalizeDomainSearch: build.query<NormalizeSearchResponse, string>({
      query: (d) => `/domains/normalize${queryString({ d })}`,
      transformErrorResponse: withRetryAfter,
    }),
    searchFullDomain: build.query<FullDomainSearch, SearchArgs>({
      query: ({ d, productId }) => `/domains/search${queryString({ d, product_id: productId })}`,
      extraOptions: registryCall,
      transformErrorResponse: withRetryAfter,
    }),
    getDomainRecommendations: build.query<DomainRecommendations, RecommendationArgs>({
      query: ({ d, productId, limit }) => `/domain-recommendations/${encodeURIComponent(d)}${queryString({ limit, product_id: productId })}`,
      extraOptions: registryCall,
      transformErrorResponse: withRetryAfter,
    }),
    checkDomainAvailability: build.query<DomainSearchResult[], AvailabilityArgs>({
      query: ({ domains, productId }) => ({
        url: '/domain-availability',
        method: 'POST',
        body: productId ? { domains, product_id: productId } : { domains },
      }),
      transformResponse: (body: CheckAvailabilityResponse) => body.results ?? [],
      extraOptions: registryCall,
      transformErrorResponse: withRetryAfter,
    }),
    getInclusiveTlds: build.query<InclusiveTlds, InclusiveTldsArgs>({
      query: ({ productId, domains, alreadyUsed }) => ({
        url: `/products/${productId}/inclusive-tlds`,
        method: 'POST',
        body: { domains, already_used: alreadyUsed ?? 0 },
      }),
    }),
    validateDomainAdditionalFields: build.mutation<DomainFieldsValidation, ValidateDomainFieldsArgs>({
      query: ({ fields, includePostponed }) => ({
        url: '/domains/additional-fields/validate',
        method: 'POST',
        body: { fields, include_postponed: includePostponed },
      }),
    }),
  }),
});

export const {
  useGetTldsQuery,
  useGetDomainGroupsQuery,
  useNormalizeDomainSearchQuery,
  useSearchFullDomainQuery,
  useGetDomainRecommendationsQuery,
  useCheckDomainAvailabilityQuery,
  useGetInclusiveTldsQuery,
  useValidateDomainAdditionalFieldsMutation,
} = domainApi;
