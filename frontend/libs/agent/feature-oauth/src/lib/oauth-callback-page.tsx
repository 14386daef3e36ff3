import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLoginMutation } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { LoadingState } from '@hostcart/shared-ui';
import { syncCustomerNumber } from '@hostcart/shared-data-access-api';

/**
 * /oauth/callback (spec §4 "OAuth"): the authority sends the browser back here with code and
 * state; the page logs in and, as the customer login popup (no data), closes its window so the
 * shop behind it carries on. Opened in the shop's own window (a blocked popup) it goes on to
 * post-fill itself.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [login] = useLoginMutation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once: a code is good for one attempt, and React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    const data = params.get('data');
    login({ authorization_code: params.get('code') ?? '', state: params.get('state') ?? '', clear_cart: !!data })
      .unwrap()
      .then((answer) => {
        syncCustomerNumber(answer.customer.customer_no);
        if (!data && window.opener) {
          window.close();
          return;
        }
        navigate(answer.customer.customer_no ? pathTo('postfill') : pathTo('categories'), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [login, navigate, params]);

  if (!failed) {
    return (
      <div className="hc-page hc-page--narrow">
        <h1>{t('customer_forms.callback_heading')}</h1>
        <LoadingState label={t('customer_forms.callback_busy')} />
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
