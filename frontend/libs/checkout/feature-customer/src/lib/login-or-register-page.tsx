import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, customerApi, errorMessageKey, isExistingCustomer, useGetAuthorizationUrlMutation } from '@hostcart/shared-data-access-api';
import { useAppDispatch } from '@hostcart/shared-store';
import { pathTo } from '@hostcart/shared-routing';
import { CustomerGuard } from './customer-guard';
import type { CustomerScreenProps } from './basic-info-page';

/** Spec §4 "Login popup": a 400x600 window, polled every 40 ms until it closes. */
export const LOGIN_POPUP_FEATURES = 'popup,width=400,height=600';
export const LOGIN_POLL_MS = 40;
export const LOGIN_WINDOW_NAME = 'hostcart-login';

/** /customer/login-or-register (spec §2 "Login or register"). */
export function LoginOrRegisterPage({ breadcrumbs }: CustomerScreenProps) {
  // Once the login popup has closed, the customer answer fetched again makes the session's
  // customer an existing one, and the guard re-renders with it before the screen's own await
  // returns: it must then send them on to post-fill, not away to '/'.
  const [loggingIn, setLoggingIn] = useState(false);
  return (
    <CustomerGuard need="new" existingTo={loggingIn ? pathTo('postfill') : undefined}>
      {(state) =>
        state.loginOffered ? (
          <LoginOrRegisterScreen breadcrumbs={breadcrumbs} onPopupClosed={() => setLoggingIn(true)} />
        ) : (
          <Navigate to={pathTo('basic-info')} replace />
        )
      }
    </CustomerGuard>
  );
}

function LoginOrRegisterScreen({ breadcrumbs, onPopupClosed }: CustomerScreenProps & { onPopupClosed: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [authorizationUrl, urlState] = useGetAuthorizationUrlMutation();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (poll.current) clearInterval(poll.current);
    },
    [],
  );

  /** The popup closed: customer, cart and VAT are fetched again; an existing customer goes on to post-fill. */
  async function popupClosed() {
    setWaiting(false);
    onPopupClosed();
    // The login happened in the popup's own page: this page's cache knows nothing of it.
    dispatch(api.util.invalidateTags(['Cart', 'Vat', 'Payment']));
    const request = dispatch(customerApi.endpoints.getSessionCustomer.initiate(undefined, { forceRefetch: true }));
    const answer = await request;
    request.unsubscribe();
    if (isExistingCustomer(answer.data?.customer)) navigate(pathTo('postfill'));
  }

  async function login() {
    setError(null);
    let url: string;
    try {
      url = (await authorizationUrl().unwrap()).url;
    } catch (e) {
      setError(errorMessageKey(e as never));
      return;
    }
    const popup = window.open(url, LOGIN_WINDOW_NAME, LOGIN_POPUP_FEATURES);
    if (!popup) {
      // A blocked popup: log in in this window; the callback page carries on from there.
      window.location.assign(url);
      return;
    }
    setWaiting(true);
    if (poll.current) clearInterval(poll.current);
    poll.current = setInterval(() => {
      if (!popup.closed) return;
      if (poll.current) clearInterval(poll.current);
      poll.current = null;
      void popupClosed();
    }, LOGIN_POLL_MS);
  }

  return (
    <div className="hc-page hc-page--narrow">
      {breadcrumbs}
      <h1>{t('customer_forms.login_heading')}</h1>
      <section className="hc-card" aria-labelledby="login-existing">
        <h2 id="login-existing">{t('customer_forms.login_title')}</h2>
        <p>{t('customer_forms.login_intro')}</p>
        <button type="button" className="hc-button hc-button--primary" onClick={() => void login()} disabled={urlState.isLoading || waiting} aria-busy={urlState.isLoading || undefined}>
          {t('customer_forms.login_button')}
        </button>
        {waiting && (
          <p className="hc-hint" role="status">
            {t('customer_forms.login_waiting')}
          </p>
        )}
        {error && (
          <p className="hc-field-error" role="alert">
            {t(error)}
          </p>
        )}
      </section>
      <section className="hc-card" aria-labelledby="login-new">
        <h2 id="login-new">{t('customer_forms.register_title')}</h2>
        <p>{t('customer_forms.register_intro')}</p>
        <Link className="hc-button hc-button--secondary" to={pathTo('basic-info')}>
          {t('customer_forms.register_button')}
        </Link>
      </section>
      <div className="hc-form-actions">
        <Link className="hc-button hc-button--link" to={pathTo('cart')}>
          {t('customer_forms.back')}
        </Link>
      </div>
    </div>
  );
}
