import type { ApiJson, cart } from '@hostcart/shared-api-types';
import { api } from './api';
import {
  toNumber,
  type AddProductResponse,
  type AddProductResponseJson,
  type Cart,
  type CartItem,
  type CartJson,
  type CartNotice,
  type CartResponse,
  type CartResponseJson,
  type FieldValidationInput,
  type FieldValidationResult,
  type FieldValue,
  type LineKind,
  type PricedCart,
  type PricedCartResponse,
  type PricedCartResponseJson,
} from './cart-types';

// The bodies the mutations send are protojson of the cart service's request messages (the gateway
// adds the row of the path and is_sales_agent); indexing the generated types keeps each member's
// name and type those of the contract.
type AddProductRequest = ApiJson<cart.AddProductRequestJson>;
type AddAddonRequest = ApiJson<cart.AddAddonRequestJson>;
type AddUpsellRequest = ApiJson<cart.AddUpsellRequestJson>;
type SetPeriodRequest = ApiJson<cart.SetPeriodRequestJson>;
type CartDomainBody = ApiJson<cart.DomainJson>;

export interface AddProductArgs {
  product_id: AddProductRequest['product_id'];
  /** 0 or absent: the service picks the default maturity and its default interval. */
  maturity_id?: AddProductRequest['maturity_id'];
  interval_id?: AddProductRequest['interval_id'];
  additional_fields?: FieldValue[];
  informations?: AddProductRequest['informations'];
  /** Moves the domains of this (domain-only) item to the new one. */
  domains_from_row_id?: AddProductRequest['domains_from_row_id'];
}

export interface AddAddonArgs {
  rowId: string;
  addon_id: AddAddonRequest['addon_id'];
  maturity_id?: AddAddonRequest['maturity_id'];
  interval_id?: AddAddonRequest['interval_id'];
  additional_fields?: FieldValue[];
}

export interface RemoveAddonArgs {
  rowId: string;
  addonId: number;
  /** Removes the whole item when the addon was auto-assigned. */
  cascade?: boolean;
}

export interface AddUpsellArgs {
  rowId: string;
  upsell_id: AddUpsellRequest['upsell_id'];
  additional_fields?: FieldValue[];
}

export interface RemoveUpsellArgs {
  rowId: string;
  upsellId: number;
}

export interface SetPeriodArgs {
  rowId: string;
  /** Absent: the item's product. */
  line?: { kind: 'addon' | 'upsell'; id: number };
  /** 0 keeps the current maturity (an interval-only change). */
  maturity_id: SetPeriodRequest['maturity_id'];
  /** 0 selects the maturity's default interval. */
  interval_id: SetPeriodRequest['interval_id'];
}

export interface AddDomainArgs {
  rowId: string;
  /** Full name; the service stores it as ASCII lower case. */
  name: CartDomainBody['name'];
  /** Transfers only. */
  auth_code?: CartDomainBody['auth_code'];
  inclusive?: CartDomainBody['inclusive'];
  additional_fields?: FieldValue[];
}

/** The short kinds the screens use, or the proto enum names. */
export type LineKindArg = 'product' | 'addon' | 'upsell' | 'domain' | LineKind;

export interface SetAdditionalFieldsArgs {
  rowId: string;
  line: { kind: LineKindArg; line_id?: number; domain?: string };
  additional_fields: FieldValue[];
}

export interface ValidateFieldsArgs {
  fields: FieldValidationInput[];
}

const LINE_KINDS: Record<string, LineKind> = {
  product: 'LINE_KIND_PRODUCT',
  addon: 'LINE_KIND_ADDON',
  upsell: 'LINE_KIND_UPSELL',
  domain: 'LINE_KIND_DOMAIN',
};

/** The proto enum name of a line kind. */
export function lineKind(kind: LineKindArg): LineKind {
  return LINE_KINDS[kind] ?? (kind as LineKind);
}

/** An item as sent, or one the UI already normalised. */
type AnyItem = Partial<CartJson['items'][number]> | Partial<CartItem>;

function normalizeItem(item: AnyItem): CartItem {
  const product = item.product ?? { id: 0, maturity_id: 0, interval_id: 0, promotion: '', additional_fields: [] };
  return {
    row_id: item.row_id ?? '',
    product: { ...product, additional_fields: product.additional_fields ?? [] },
    addons: (item.addons ?? []).map((l) => ({ ...l, additional_fields: l.additional_fields ?? [] })),
    upsells: (item.upsells ?? []).map((l) => ({ ...l, additional_fields: l.additional_fields ?? [] })),
    domains: (item.domains ?? []).map((d) => ({ ...d, additional_fields: d.additional_fields ?? [] })),
    is_preconfigured: item.is_preconfigured ?? false,
  };
}

/**
 * The cart as the UI uses it: every list present and the int64 version as a number. protojson
 * leaves out nothing today, but an empty cart of an unknown session may come as {} and int64
 * comes as a string.
 */
export function normalizeCart(cart: Partial<CartJson> | Partial<Cart> | null | undefined): Cart {
  const items: AnyItem[] = cart?.items ?? [];
  const normalized: Cart = { items: items.map(normalizeItem), version: toNumber(cart?.version) };
  if (cart?.is_draft) normalized.is_draft = true;
  return normalized;
}

/**
 * The priced view as the UI uses it: its cart normalised (normalizeCart). The service always sends
 * one; an answer without it (a test double, an empty body) reads as an empty cart rather than
 * breaking the screen.
 */
export function normalizePricedCart(priced: PricedCartResponseJson['priced'] | undefined): PricedCart {
  return {
    totals: null,
    prices_with_vat: false,
    hide_zero_prices: false,
    promotions_unavailable: false,
    required_agreements: [],
    sms_validation: false,
    checkout_blocked: false,
    item_count: 0,
    vat_reason: '',
    session_vat_percent: 0,
    vat_unavailable: false,
    ...priced,
    cart: normalizeCart(priced?.cart),
    items: priced?.items ?? [],
  };
}

/** A response carrying a cart, normalised (normalizeCart, notices always a list). */
export function normalizeCartResponse<T extends { cart?: CartJson | Cart | null; notices?: CartNotice[] | null }>(
  body: T,
): Omit<T, 'cart' | 'notices'> & CartResponse {
  return { ...body, cart: normalizeCart(body.cart), notices: body.notices ?? [] };
}

/** Drops undefined members so bodies carry only what the caller set. */
function compact<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const row = (rowId: string) => `/session/cart/items/${encodeURIComponent(rowId)}`;

// Every mutation answers the cart it stored, but the priced view depends on it too: invalidating
// the one tag refetches both queries. A refused call leaves the stored cart as it was, and a
// version conflict means it changed elsewhere, so refetching after errors is right as well.
const cartChanged = ['Cart'] as const;

/** What onQueryStarted of a cart mutation gets, as far as storeAnsweredCart uses it. */
interface AnsweredCartLifecycle {
  dispatch(action: unknown): unknown;
  queryFulfilled: Promise<{ data: CartResponse }>;
}

/**
 * Puts the cart a mutation answered into the cached GET /session/cart at once. Screens read the
 * cart from that query (a side note, a row's state): without this they would show the change a
 * round trip after the caller already reacted to it (announced it, moved on), when the
 * invalidation's refetch answers. A newer cart already cached (a later call answered first) is
 * kept; a refused call changed nothing and leaves the cache to the refetch.
 */
async function storeAnsweredCart(_arg: unknown, { dispatch, queryFulfilled }: AnsweredCartLifecycle): Promise<void> {
  let answered: Cart;
  try {
    answered = (await queryFulfilled).data.cart;
  } catch {
    return;
  }
  dispatch(
    cartApi.util.updateQueryData('getCart', undefined, (cached) =>
      answered.version >= cached.cart.version ? { ...cached, cart: answered } : undefined,
    ),
  );
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartResponse, void>({
      query: () => '/session/cart',
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      providesTags: ['Cart'],
    }),
    getPricedCart: build.query<PricedCartResponse, void>({
      query: () => '/session/cart/priced',
      transformResponse: (body: PricedCartResponseJson): PricedCartResponse => ({
        ...body,
        priced: normalizePricedCart(body.priced),
        notices: body.notices ?? [],
      }),
      providesTags: ['Cart'],
    }),
    replaceCart: build.mutation<CartResponse, Cart>({
      query: (cart) => ({ url: '/session/cart', method: 'PUT', body: cart }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    clearCart: build.mutation<CartResponse, void>({
      query: () => ({ url: '/session/cart', method: 'DELETE' }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    addProduct: build.mutation<AddProductResponse, AddProductArgs>({
      query: (args) => ({ url: '/session/cart/items', method: 'POST', body: compact(args) }),
      transformResponse: (body: AddProductResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    removeItem: build.mutation<CartResponse, string>({
      query: (rowId) => ({ url: row(rowId), method: 'DELETE' }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    addAddon: build.mutation<CartResponse, AddAddonArgs>({
      query: ({ rowId, ...body }) => ({ url: `${row(rowId)}/addons`, method: 'POST', body: compact(body) }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    removeAddon: build.mutation<CartResponse, RemoveAddonArgs>({
      query: ({ rowId, addonId, cascade }) => ({
        url: `${row(rowId)}/addons/${addonId}${cascade ? '?cascade=true' : ''}`,
        method: 'DELETE',
      }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    addUpsell: build.mutation<CartResponse, AddUpsellArgs>({
      query: ({ rowId, ...body }) => ({ url: `${row(rowId)}/upsells`, method: 'POST', body: compact(body) }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    removeUpsell: build.mutation<CartResponse, RemoveUpsellArgs>({
      query: ({ rowId, upsellId }) => ({ url: `${row(rowId)}/upsells/${upsellId}`, method: 'DELETE' }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    setPeriod: build.mutation<CartResponse, SetPeriodArgs>({
      query: ({ rowId, line, maturity_id, interval_id }) => ({
        url: line ? `${row(rowId)}/${line.kind === 'addon' ? 'addons' : 'upsells'}/${line.id}/period` : `${row(rowId)}/period`,
        method: 'PUT',
        body: { maturity_id, interval_id },
      }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    addDomain: build.mutation<CartResponse, AddDomainArgs>({
      query: ({ rowId, ...body }) => ({ url: `${row(rowId)}/domains`, method: 'POST', body: compact(body) }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    removeDomain: build.mutation<CartResponse, string>({
      query: (name) => ({ url: `/session/cart/domains/${encodeURIComponent(name)}`, method: 'DELETE' }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    setAdditionalFields: build.mutation<CartResponse, SetAdditionalFieldsArgs>({
      query: ({ rowId, line, additional_fields }) => ({
        url: `${row(rowId)}/additional-fields`,
        method: 'PUT',
        body: { line: compact({ ...line, kind: lineKind(line.kind) }), additional_fields },
      }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: cartChanged,
      onQueryStarted: storeAnsweredCart,
    }),
    // Answers 200 with per-field keys when values break their rules (docs/api.md "Field
    // validation"; issue 22: a 4xx would be a console error in the browser for every refused
    // value): a result for the form, not a failure. A 422 of the same shape, what the gateway
    // answered before, is read as data too, so a page loaded before a gateway update keeps working
    // (and the reverse); a malformed body (400) or an outage is an error.
    validateAdditionalFields: build.mutation<FieldValidationResult, ValidateFieldsArgs>({
      query: ({ fields }) => ({
        url: '/additional-fields/validate',
        method: 'POST',
        body: { fields },
        validateStatus: (response) => response.ok || response.status === 422,
      }),
      transformResponse: (body: FieldValidationBody | null) => ({ errors: fieldValidationErrors(body) }),
    }),
  }),
});

export const {
  useGetCartQuery,
  useGetPricedCartQuery,
  useReplaceCartMutation,
  useClearCartMutation,
  useAddProductMutation,
  useRemoveItemMutation,
  useAddAddonMutation,
  useRemoveAddonMutation,
  useAddUpsellMutation,
  useRemoveUpsellMutation,
  useSetPeriodMutation,
  useAddDomainMutation,
  useRemoveDomainMutation,
  useSetAdditionalFieldsMutation,
  useValidateAdditionalFieldsMutation,
} = cartApi;

/** The answer of POST /additional-fields/validate: the gateway's shape (docs/api.md) or spec §7's. */
interface FieldValidationBody {
  error?: unknown;
  errors?: Record<string, string[]> | null;
}

/**
 * The keys per field id of a validation answer. The gateway answers the map under errors, where
 * the API's other validation answers have it, and under error as spec §7 shows (docs/api.md
 * "Deliberate differences"); either alone reaches the form too.
 */
export function fieldValidationErrors(body: FieldValidationBody | null | undefined): Record<string, string[]> {
  if (body?.errors && typeof body.errors === 'object') return body.errors;
  const specShape = body?.error;
  if (specShape && typeof specShape === 'object' && !Array.isArray(specShape)) return specShape as Record<string, string[]>;
  return {};
}
