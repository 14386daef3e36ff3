import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiJson, cart } from '@hostcart/shared-api-types';
import { api, cartApi, errorMessageKey, errorParams, normalizeCartResponse, type CartResponse } from '@hostcart/shared-data-access-api';
import type { AppNotification } from '@hostcart/shared-store';

type StartContractTransferResponseJson = ApiJson<cart.StartContractTransferResponseJson>;

/** The cart with the transfer product, its row and the contract (docs/api.md "Contract transfer"). */
export type StartContractTransferResponse = CartResponse & Pick<StartContractTransferResponseJson, 'row_id' | 'transfer'>;

export const contractTransferApi = api.injectEndpoints({
  endpoints: (build) => ({
    startContractTransfer: build.mutation<StartContractTransferResponse, string>({
      query: (transferId) => ({ url: `/contract-transfer/${encodeURIComponent(transferId)}`, method: 'POST' }),
      transformResponse: (body: StartContractTransferResponseJson) => normalizeCartResponse(body),
      // A refusal leaves the cart as it was, but the cart page the screen goes to must show the
      // stored cart either way: refetch after every answer.
      invalidatesTags: ['Cart'],
      async onQueryStarted(_transferId, { dispatch, queryFulfilled }) {
        let answered: StartContractTransferResponse;
        try {
          answered = (await queryFulfilled).data;
        } catch {
          return;
        }
        // The next step reads the cart at once: hand it the answered one instead of a stale cache.
        dispatch(
          cartApi.util.updateQueryData('getCart', undefined, (cached) =>
            answered.cart.version >= cached.cart.version ? { ...cached, cart: answered.cart } : undefined,
          ),
        );
      },
    }),
  }),
});

export const { useStartContractTransferMutation } = contractTransferApi;

const UNAVAILABLE = 'domain.contract_transfer_unavailable';
const PRODUCT_UNAVAILABLE = 'domain.transfer_product_unavailable';

/**
 * The notification of a failed transfer (spec §8): "contract transfer service unavailable" for an
 * outage (503, no answer at all), "transfer product unavailable" for an unknown transfer or a
 * product that cannot be ordered, and with a refused contract reference the first validation error
 * under it. It survives the redirect to the cart. fieldLabel names the reference in the message.
 */
export function transferNotification(error: FetchBaseQueryError | SerializedError | undefined, fieldLabel: string): Omit<AppNotification, 'id'> {
  const status = error && 'status' in error ? error.status : undefined;
  const key = errorMessageKey(error);
  if (status === 503 || status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || key === UNAVAILABLE) {
    return { type: 'error', message: UNAVAILABLE, preserveRouteChange: true };
  }
  const data = error && 'data' in error ? (error.data as { errors?: Record<string, string[]> } | undefined) : undefined;
  const [first] = data?.errors?.['transfer_contract'] ?? [];
  if (first) {
    return { type: 'error', title: PRODUCT_UNAVAILABLE, message: first, params: { ...errorParams(error), field: fieldLabel }, preserveRouteChange: true };
  }
  // Any other refusal means the transfer cannot be ordered from here.
  return { type: 'error', message: PRODUCT_UNAVAILABLE, params: errorParams(error), preserveRouteChange: true };
}
