import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { catalogApi, domainApi, localeApi } from '@hostcart/shared-data-access-api';
import { matchRoute } from '@hostcart/shared-routing';
import { routeChanged, useAppDispatch } from '@hostcart/shared-store';
import { setReportingRoute } from '@hostcart/shared-util-reporting';

/**
 * What happens around every navigation (spec §2): modals close and notifications clear (unless
 * flagged to persist), and the data every step relies on is loaded in the spec's order. Only the
 * catalog's part of that order exists so far; the other services join their stage when built.
 */
export function useNavigationEffects() {
  const location = useLocation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(routeChanged());
    setReportingRoute(location.pathname);
  }, [dispatch, location.pathname, location.search]);

  useEffect(() => {
    const match = matchRoute(location.pathname);
    if (!match || match.route.id === 'oauth-callback') return;
    const d = new URLSearchParams(location.search).get('d') ?? undefined;
    const prefetch = async () => {
      // Stage 1: countries, categories, locale, payment intervals.
      await Promise.allSettled([
        dispatch(catalogApi.endpoints.getCountries.initiate(undefined, { subscribe: false })),
        dispatch(catalogApi.endpoints.getCategories.initiate(d ? { d } : undefined, { subscribe: false })),
        dispatch(localeApi.endpoints.getSessionLocale.initiate(undefined, { subscribe: false })),
        dispatch(catalogApi.endpoints.getPaymentIntervals.initiate(undefined, { subscribe: false })),
      ]);
      // Stage 2: products and domain data (TLDs and their groups).
      await Promise.allSettled([
        dispatch(catalogApi.endpoints.getProducts.initiate(undefined, { subscribe: false })),
        dispatch(domainApi.endpoints.getTlds.initiate(undefined, { subscribe: false })),
        dispatch(domainApi.endpoints.getDomainGroups.initiate(undefined, { subscribe: false })),
      ]);
    };
    void prefetch();
  }, [dispatch, location.pathname, location.search]);
}
