import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@hostcart/shared-data-access-api';
import { useFlowItem } from '@hostcart/flow-data-access-flow';
import { FALLBACK_PATH } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { reselectionChildTarget, reselectionTarget, type ReselectionChild } from './reselection-target';

/**
 * /addon-reselection?id and its children (spec §2 "Addon reselection"): sets the parent item of
 * the addon screens and forwards to the matching one. The parent item travels as the target's id
 * query, so the addon screens need no other state; the history state (returnToCart) goes along.
 * An id matching no cart item goes to the categories.
 */
export function AddonReselectionPage({ child }: { child?: ReselectionChild }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rowId = query.get('id') ?? undefined;
  const flow = useFlowItem(rowId);
  const notFound = !!flow.error && errorMessageKey(flow.error as FetchBaseQueryError) === 'cart.item_not_found';

  useEffect(() => {
    if (!rowId || !flow.item) return;
    if (child) {
      navigate(reselectionChildTarget(child, rowId, query), { replace: true, state: location.state });
    } else if (flow.context) {
      navigate(reselectionTarget(flow.context), { replace: true, state: location.state });
    }
  }, [child, rowId, flow.item, flow.context, query, location.state, navigate]);

  if (notFound) return <Navigate to={FALLBACK_PATH} replace />;
  return (
    <section className="hc-page">
      <h1>{t('titles.addon-reselection')}</h1>
      {flow.error ? <ErrorState messageKey={errorMessageKey(flow.error as FetchBaseQueryError)} /> : <LoadingState lines={2} label={t('upsells.forwarding')} />}
    </section>
  );
}

export const ReselectPopularAddonsPage = () => <AddonReselectionPage child="popular-addons" />;
export const ReselectAddonVariantsPage = () => <AddonReselectionPage child="addon-variants" />;
export const ReselectPromotedAddonsPage = () => <AddonReselectionPage child="promoted-addons" />;
export const ReselectStandardAddonsPage = () => <AddonReselectionPage child="standard-addons" />;
