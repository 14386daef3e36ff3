import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Cart, Tld } from '@hostcart/shared-data-access-api';
import { isItemConfigured, useGoNext } from '@hostcart/flow-data-access-flow';
import type { FlowFlags, FlowScreen } from '@hostcart/flow-util-guided-flow';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import type { SelectedDomain } from '../selection/domain-selection';

/** The additional fields a domain asks for, by its TLD. */
export function fieldsOf(domain: Pick<SelectedDomain, 'tld'>, tlds: readonly Tld[] | undefined) {
  return tlds?.find((t) => t.tld === domain.tld)?.additional_fields ?? [];
}

export interface DomainsNextArgs {
  from: FlowScreen;
  /** The cart row the screen served (the item, or the domains-only order's row). */
  rowId: string | undefined;
  /** The cart the last change answered, when there was one. */
  cart?: Cart;
  flags?: FlowFlags;
}

/**
 * The way on from a domain screen: the guided flow's nextStep (spec §4) through useGoNext, so the
 * domain screens decide like every other flow screen. Without a row (domains only, nothing chosen)
 * there is nothing to decide on and the cart follows.
 *
 * An item the customer already configured (a term, interval or extras chosen on the flow's
 * screens, data-access-flow's configured-items) goes on as one opened from the cart: only what
 * completes it (domain fields, addon fields), then the cart. Its term, interval and extras are
 * kept and not asked again (issue 23), whichever way the domain step was reached.
 */
export function useDomainsNext(): (args: DomainsNextArgs) => Promise<void> {
  const goNext = useGoNext();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(
    async ({ from, rowId, cart, flags }: DomainsNextArgs) => {
      if (!rowId) {
        navigate(pathTo('cart'));
        return;
      }
      try {
        const configured = isItemConfigured(rowId);
        await goNext({ rowId, from, cart, flags: configured ? { ...flags, returnToCart: true } : flags });
      } catch {
        dispatch(notify({ type: 'error', message: 'error.generic' }));
      }
    },
    [goNext, navigate, dispatch],
  );
}
