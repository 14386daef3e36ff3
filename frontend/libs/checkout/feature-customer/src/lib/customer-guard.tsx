import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, useCheckoutCustomer, type CheckoutCustomer, type CustomerNotice } from '@hostcart/shared-data-access-api';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { useCustomerNotices } from './notices';

/**
 * Notices answers of GET /session/customer carried that were shown already: the cached answer is
 * read again by every customer screen mounted after it, the notice is meant once.
 */
const shownNotices = new WeakSet<readonly CustomerNotice[]>();

/**
 * The loaded customer's notices (spec §4 "Customer validation": an address whose country the brand
 * no longer supports was reset, §8 'country no longer supported') as notifications, once per answer.
 */
function useLoadedCustomerNotices(notices: readonly CustomerNotice[]) {
  const { showNotices } = useCustomerNotices();
  useEffect(() => {
    if (notices.length === 0 || shownNotices.has(notices)) return;
    shownNotices.add(notices);
    showNotices(notices);
  }, [notices, showNotices]);
}

/**
 * Spec §4 "Guards" (failure redirects to /): login, basic info and address need a cart and no
 * existing customer ('new'); logout needs an existing customer ('existing').
 */
export function CustomerGuard({
  need,
  existingTo,
  failTo = '/',
  children,
}: {
  need: 'new' | 'existing';
  /** Where an existing customer goes instead of '/' (basic info sends them to confirm, spec §2). */
  existingTo?: string;
  /**
   * Where a failed guard sends the visitor instead of '/': a screen that changes the customer
   * itself (logout) and then moves on names its destination, because the customer's new answer can
   * re-render the guard before the screen's own navigation runs.
   */
  failTo?: string;
  children: (state: CheckoutCustomer) => ReactNode;
}) {
  const { t } = useTranslation();
  const state = useCheckoutCustomer();
  useLoadedCustomerNotices(state.notices);
  if (state.isLoading) return <LoadingState label={t('common.loading')} />;
  if (state.error) return <ErrorState messageKey={errorMessageKey(state.error as never)} onRetry={state.refetch} />;
  if (need === 'new' && state.existing && existingTo) return <Navigate to={existingTo} replace />;
  const allowed = need === 'existing' ? state.existing : !state.cartEmpty && !state.existing;
  if (!allowed) return <Navigate to={failTo} replace />;
  return <>{children(state)}</>;
}
