import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { rememberSessionCustomer, useLoginMutation, syncCustomerNumber } from '@hostcart/shared-data-access-api';
import { useAppDispatch } from '@hostcart/shared-store';
import { pathTo } from '@hostcart/shared-routing';
import { LoadingState } from '@hostcart/shared-ui';
import { decodeOAuthData, storePanelSignIn } from './panel-storage';
import { usePanelAuthorizationUrlMutation, usePanelLoginMutation } from './panel-api';

export interface OAuthCallbackPageProps {
  /** Sends the browser to the authority; replaced in tests. */
  redirect?: (url: string) => void;
}

/**
 * /oauth/callback (spec §4 "OAuth"). The authority sends the browser back here with code and
 * state.
 * - Without data it is the customer login popup: it logs in and closes its window so the shop
 *   behind it carries on (opened in the shop's own window, a blocked popup, it goes to post-fill).
 * - With data it is a sign-in from the cloud control panel: the login sends the oauth data and
 *   clear_cart, keeps cloud_pit_data / external_product_id / order_type and replaces itself with
 *   the ready view.
 * - With data and no code the panel has just linked here (through /oauth): the page starts the
 *   login at the brand's authority, which comes back here with the code and the same data.
 */
export function OAuthCallbackPage({ redirect = (url) => window.location.assign(url) }: OAuthCallbackPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const [login] = useLoginMutation();
  const [panelLogin] = usePanelLoginMutation();
  const [authorizationUrl] = usePanelAuthorizationUrlMutation();
  const [failed, setFailed] = useState(false);
  const [toAuthority, setToAuthority] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once: a code is good for one attempt, and React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    const rawData = params.get('data');
    const code = params.get('code') ?? '';
    const state = params.get('state') ?? '';
    const data = decodeOAuthData(rawData);
    if (rawData && !code) {
      setToAuthority(true);
      authorizationUrl({ data: rawData, useCp2: !!data?.use_cp_2 })
        .unwrap()
        .then((answer) => redirect(answer.url))
        .catch(() => setFailed(true));
      return;
    }
    if (rawData) {
      // An undecodable data is still a panel sign-in, just one without an order type.
      const oauthData = data ?? { order_type: '', use_cp_2: false, webhosting_id: '', category_slug: '', external_product_id: '' };
      panelLogin({ authorization_code: code, state, use_cp_2: oauthData.use_cp_2, clear_cart: true, oauth_data: oauthData })
        .unwrap()
        .then(async (answer) => {
          syncCustomerNumber(answer.customer.customer_no);
          storePanelSignIn(oauthData, answer.external_product_id || oauthData.external_product_id);
          // The ready view reads the signed-in customer from the cache (see rememberSessionCustomer).
          await dispatch(rememberSessionCustomer(answer.customer));
          navigate(pathTo('oauth-ready'), { replace: true });
        })
        .catch(() => setFailed(true));
      return;
    }
    login({ authorization_code: code, state, clear_cart: false })
      .unwrap()
      .then(async (answer) => {
        syncCustomerNumber(answer.customer.customer_no);
        if (window.opener) {
          window.close();
          return;
        }
        await dispatch(rememberSessionCustomer(answer.customer));
        navigate(answer.customer.customer_no ? pathTo('postfill') : pathTo('categories'), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [login, panelLogin, authorizationUrl, navigate, dispatch, params, redirect]);

  if (!failed) {
    return (
      <div className="hc-page hc-page--narrow">
        <h1>{t('customer_forms.callback_heading')}</h1>
        <LoadingState label={toAuthority ? t('oauth_panel.redirecting') : t('customer_forms.callback_busy')} />
      </div>
    );
  }
  return (
    <div className="hc-page hc-page--narrow">
      <h1>{t('login.failed')}</h1>
      <p role="alert">{t('login.unable_to_authenticate')}</p>
      <div className="hc-form-actions">
        <Link
          className="hc-button hc-button--primary"
          to={pathTo('categories')}
          onClick={() => {
            if (window.opener) window.close();
          }}
        >
          {t('login.start_new_order')}
        </Link>
      </div>
    </div>
  );
}
