import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { cartApi, type Cart } from '@hostcart/shared-data-access-api';
import { hrefOf, nextStep, type FlowFlags, type FlowFrom } from '@hostcart/flow-util-guided-flow';
import { pathTo } from '@hostcart/shared-routing';
import { useAppDispatch } from '@hostcart/shared-store';
import { loadFlowContext } from './flow-context';

export interface GoNextArgs {
  rowId: string;
  from: FlowFrom;
  flags?: FlowFlags;
  /** The cart a mutation just answered; without it the cart is fetched anew. */
  cart?: Cart;
}

/**
 * Navigates to the step after `from` (spec §4), decided by util-guided-flow's nextStep on the
 * freshest cart. An item that is gone (removed meanwhile) or whose product left the catalog goes to
 * the cart, where the visitor sees what happened; a failing catalog call rejects.
 */
export function useGoNext(): (args: GoNextArgs) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async ({ rowId, from, flags, cart }: GoNextArgs) => {
      let fresh = cart;
      if (!fresh) {
        const sub = dispatch(cartApi.endpoints.getCart.initiate(undefined, { forceRefetch: true }));
        try {
          fresh = (await sub.unwrap()).cart;
        } finally {
          sub.unsubscribe();
        }
      }
      const item = fresh.items.find((i) => i.row_id === rowId);
      const ctx = item ? await loadFlowContext(dispatch, item) : undefined;
      if (!ctx) {
        navigate(pathTo('cart'));
        return;
      }
      navigate(hrefOf(nextStep({ ...ctx, flags }, from)));
    },
    [dispatch, navigate],
  );
}
