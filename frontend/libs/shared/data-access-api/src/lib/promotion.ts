import { api } from './api';
import { normalizeCartResponse } from './cart';
import type {
  CartResponse,
  CartResponseJson,
  GetPromotionResponse,
  ListPromotionsResponse,
  Promotion,
  RedeemPromotionResponse,
  RedeemPromotionResponseJson,
} from './cart-types';
import { withRetryAfter } from './retry-after';

const code = (c: string) => encodeURIComponent(c.trim());

export const promotionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The brand's automatic promotions (coupon hint, §4 "Promotions"). */
    getPromotions: build.query<Promotion[], void>({
      query: () => '/promotions',
      transformResponse: (body: ListPromotionsResponse) => body.promotions ?? [],
    }),
    /** One promotion by code; 404 (isNotFound) when unknown. */
    getPromotion: build.query<Promotion, string>({
      query: (c) => `/promotions/${code(c)}`,
      // The route answers the Promotion itself (gateway cartapi getPromotion); the proto response
      // {promotion} is accepted too.
      transformResponse: (body: GetPromotionResponse | Promotion) =>
        'promotion' in body && body.promotion ? body.promotion : (body as Promotion),
    }),
    /**
     * Redeems a manual code: 404 confirm.manual_promotion_not_found, 422
     * confirm.manual_promotion_not_applicable, 429 with Retry-After (retryAfterSeconds).
     */
    redeemPromotionCode: build.mutation<RedeemPromotionResponse, string>({
      query: (c) => ({ url: '/session/cart/promotions', method: 'POST', body: { code: c.trim() } }),
      transformResponse: (body: RedeemPromotionResponseJson) => normalizeCartResponse(body),
      transformErrorResponse: withRetryAfter,
      invalidatesTags: ['Cart'],
    }),
    removePromotionCode: build.mutation<CartResponse, string>({
      query: (c) => ({ url: `/session/cart/promotions/${code(c)}`, method: 'DELETE' }),
      transformResponse: (body: CartResponseJson) => normalizeCartResponse(body),
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const { useGetPromotionsQuery, useLazyGetPromotionQuery, useGetPromotionQuery, useRedeemPromotionCodeMutation, useRemovePromotionCodeMutation } =
  promotionApi;
