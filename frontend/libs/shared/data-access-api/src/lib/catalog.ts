import { api } from './api';
import type { ApiJson, catalog } from '@hostcart/shared-api-types';
import type { Brand, Category, Country, PaymentInterval, Product, ZipCode } from './types';

export interface ProductsQuery {
  category?: string;
  /** Domain search: only domain-capable products. */
  d?: string;
  /** Only these products (e.g. the addons and upsells of a cart item). */
  ids?: readonly number[];
  /**
   * Hidden products too: a cart may hold them (the domain-only product, hidden hosting). Needs the
   * gateway to pass include_hidden to ListProducts.
   */
  includeHidden?: boolean;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentBrand: build.query<Brand, void>({ query: () => '/brands/current' }),
    getCategories: build.query<Category[], { d?: string } | void>({
      query: (arg) => withQuery('/categories', { d: arg?.d }),
      transformResponse: (body: ApiJson<catalog.ListCategoriesResponseJson>) => body.categories ?? [],
    }),
    getProducts: build.query<Product[], ProductsQuery | void>({
      query: (arg) => withQuery('/products', { category: arg?.category, d: arg?.d, ids: arg?.ids?.join(','), include_hidden: arg?.includeHidden ? 'true' : undefined }),
      transformResponse: (body: ApiJson<catalog.ListProductsResponseJson>) => body.products ?? [],
    }),
    getCountries: build.query<Country[], void>({
      query: () => '/countries',
      transformResponse: (body: ApiJson<catalog.ListCountriesResponseJson>) => body.countries ?? [],
    }),
    getPaymentIntervals: build.query<PaymentInterval[], void>({
      query: () => '/payment-intervals',
      transformResponse: (body: ApiJson<catalog.ListPaymentIntervalsResponseJson>) => body.payment_intervals ?? [],
    }),
    getZipCodes: build.query<ZipCode[], string>({
      query: (code) => `/zipcodes/${encodeURIComponent(code)}`,
      transformResponse: (body: ApiJson<catalog.ListZipCodesResponseJson>) => body.zip_codes ?? [],
    }),
  }),
});

export const {
  useGetCurrentBrandQuery,
  useGetCategoriesQuery,
  useGetProductsQuery,
  useGetCountriesQuery,
  useGetPaymentIntervalsQuery,
  useGetZipCodesQuery,
} = catalogApi;
