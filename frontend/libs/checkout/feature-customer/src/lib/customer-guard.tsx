import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@hostcart/shared-data-access-api';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { useCheckoutCustomer, type CheckoutCustomer } from '@hostcart/shared-data-access-api';

/**
 * Spec §4 "Guards" (failure redirects to /): login, basic info and address need a cart and no
 * existing customer ('new'); logout needs an existing customer ('existing').
 */
export function CustomerGuard({
  need,
  existingTo,
  children,
}: {
  need: 'new' | 'existing';
  /** Where an existing customer goes instead of '/' (basic info sends them to confirm, spec §2). */
  existingTo?: string;
  children: (state: CheckoutCustomer) => ReactNode;
}) {
  const { t } = useTranslation();
  const state = useCheckoutCustomer();
  if (state.isLoading) return <LoadingState label={t('common.loading')} />;
  if (state.error) return <ErrorState messageKey={errorMessageKey(state.error as never)} onRetry={state.refetch} />;
  if (need === 'new' && state.existing && existingTo) return <Navigate to={existingTo} replace />;
  const allowed = need === 'existing' ? state.existing : !state.cartEmpty && !state.existing;
  if (!allowed) return <Navigate to="/" replace />;
  return <>{children(state)}</>;
}
