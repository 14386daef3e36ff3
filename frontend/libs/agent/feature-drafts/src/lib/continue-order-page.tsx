import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  cartApi,
  draftsApi,
  errorMessageKey,
  storeDraftSessionCode,
  useContinueDraftMutation,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { LoadingState } from '@hostcart/shared-ui';

/**
 * /continue-preconfigured-order?session_code= (spec §2): a customer's browser takes the prepared
 * draft over and keeps its code (order_draft_session_code); a signed-in sales agent's does not
 * (the gateway answers taken_over false). Either way the cart follows.
 */
export function ContinueOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const [continueDraft] = useContinueDraftMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('session_code') ?? '';
    void (async () => {
      try {
        const answer = await continueDraft(code).unwrap();
        if (answer.taken_over) storeDraftSessionCode(code);
        // The cart screen must not show the cart this browser had before the draft (cached from
        // the first paint) while the draft's one is on its way: load the draft's cart and the
        // draft itself first, then go there.
        const cart = dispatch(cartApi.endpoints.getPricedCart.initiate(undefined, { forceRefetch: true }));
        const draft = dispatch(draftsApi.endpoints.getCurrentDraft.initiate(undefined, { forceRefetch: true }));
        try {
          await Promise.allSettled([cart, draft]);
        } finally {
          cart.unsubscribe();
          draft.unsubscribe();
        }
        navigate(pathTo('cart'), { replace: true });
      } catch (e) {
        dispatch(notify({ type: 'error', message: errorMessageKey(e as Parameters<typeof errorMessageKey>[0]), preserveRouteChange: true }));
        navigate(pathTo('categories'), { replace: true });
      }
    })();
  }, [continueDraft, dispatch, navigate, params]);

  return (
    <section className="hc-page hc-page--narrow">
      <h1>{t('titles.continue-preconfigured-order')}</h1>
      <LoadingState label={t('order_drafts.restoring')} />
    </section>
  );
}
