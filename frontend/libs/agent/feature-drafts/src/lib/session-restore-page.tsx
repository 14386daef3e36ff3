import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  cartApi,
  customerApi,
  draftsApi,
  errorMessageKey,
  paymentApi,
  storeDraftSessionCode,
  useRestoreSessionMutation,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { selectNotifications, useAppDispatch, useAppSelector } from '@hostcart/shared-store';
import { LoadingState } from '@hostcart/shared-ui';
import { resumeTarget } from './resume';

/**
 * /session-restore?session_code= (spec §2): the browser takes the draft's session over, then the
 * basic info, address and selected payment are loaded and the visitor continues at the last step
 * reached (spec §4 "Resume after session restore"). A customer restoring becomes a customer
 * updating the draft (the code is kept); a sales agent keeps working as an agent.
 */
export function SessionRestorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const [restore] = useRestoreSessionMutation();
  const notifications = useAppSelector(selectNotifications);
  const notifiedRef = useRef(notifications.length > 0);
  notifiedRef.current = notifications.length > 0;
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('session_code') ?? '';
    void (async () => {
      try {
        await restore(code).unwrap();
        const admin = await dispatch(draftsApi.endpoints.getAdmin.initiate(undefined, { forceRefetch: true })).unwrap().catch(() => null);
        if (!admin?.is_sales_agent) storeDraftSessionCode(code);
        const [cart, customer, payment] = await Promise.all([
          dispatch(cartApi.endpoints.getPricedCart.initiate(undefined, { forceRefetch: true })).unwrap(),
          dispatch(customerApi.endpoints.getSessionCustomer.initiate(undefined, { forceRefetch: true })).unwrap(),
          dispatch(paymentApi.endpoints.getSessionPayment.initiate(undefined, { forceRefetch: true })).unwrap(),
        ]);
        const target = resumeTarget({
          cartEmpty: (cart.priced.items ?? []).length === 0,
          notified: notifiedRef.current || (cart.notices ?? []).length > 0,
          addressKnown: !!customer.customer.address?.street,
          paymentChosen: !!payment?.type,
        });
        navigate(pathTo(target), { replace: true });
      } catch (e) {
        setFailure(errorMessageKey(e as Parameters<typeof errorMessageKey>[0]));
      }
    })();
  }, [dispatch, navigate, params, restore]);

  return (
    <section className="hc-page hc-page--narrow">
      <h1>{t('titles.session-restore')}</h1>
      {failure ? (
        <>
          <p role="alert">{t(failure)}</p>
          <p>
            <Link className="hc-button hc-button--primary" to={pathTo('categories')}>
              {t('order_drafts.start_new_order')}
            </Link>
          </p>
        </>
      ) : (
        <LoadingState label={t('order_drafts.restoring')} />
      )}
    </section>
  );
}
