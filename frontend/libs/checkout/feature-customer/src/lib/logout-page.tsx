import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, useLogoutMutation } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { CustomerGuard } from './customer-guard';
import { syncCustomerNumber } from '@hostcart/shared-data-access-api';
import type { CustomerScreenProps } from './basic-info-page';

/** /customer/logout (spec §2 "Logout view"): log out, or go on to post-fill as the existing customer. */
export function LogoutPage({ breadcrumbs }: CustomerScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [logout, state] = useLogoutMutation();
  const [error, setError] = useState<string | null>(null);
  // While logging out the guard may see the customer gone before this screen navigates on.
  const [leaving, setLeaving] = useState(false);

  async function doLogout() {
    setError(null);
    setLeaving(true);
    try {
      await logout().unwrap();
      // A customer resetting clears the stored customer number (spec §4).
      syncCustomerNumber(undefined);
      navigate(pathTo('categories'));
    } catch (e) {
      setLeaving(false);
      setError(errorMessageKey(e as never));
    }
  }

  return (
    <CustomerGuard need="existing" failTo={leaving ? pathTo('categories') : undefined}>
      {({ customer }) => (
        <div className="hc-page hc-page--narrow">
          {breadcrumbs}
          <h1>{t('customer_forms.logout_heading')}</h1>
          <p>{t('customer_forms.logout_intro', { number: customer?.customer_no ?? '' })}</p>
          {error && (
            <p className="hc-field-error" role="alert">
              {t(error)}
            </p>
          )}
          <div className="hc-form-actions">
            <button type="button" className="hc-button hc-button--secondary" onClick={() => void doLogout()} disabled={state.isLoading} aria-busy={state.isLoading || undefined}>
              {t('customer_forms.logout_button')}
            </button>
            <button type="button" className="hc-button hc-button--primary" onClick={() => navigate(pathTo('postfill'))} disabled={state.isLoading}>
              {t('customer_forms.proceed_button')}
            </button>
          </div>
        </div>
      )}
    </CustomerGuard>
  );
}
