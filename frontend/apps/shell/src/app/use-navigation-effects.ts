import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { catalogApi, domainApi, localeApi, orderApi, referrerOfSearch } from '@hostcart/shared-data-access-api';
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
  // The landing URL's ?referrer, stored for the session once (spec §7); later navigations (and
  // the sanitiser's rewrite of it) do not store it again.
  const landingReferrer = useRef(referrerOfSearch(location.search));

  useEffect(() => {
    dispatch(routeChanged());
    setReportingRoute(location.pathname);
  }, [dispatch, location.pathname, location.search]);

  useEffect(() => {
    const match = matchRoute(location.pathname);
    if (!match || match.route.id === 'oauth-callback') return;
    const d = new URLSearchParams(location.search).get('d') ?? undefined;
    const referral = async () => {
      const id = landingReferrer.current;
      landingReferrer.current = undefined;
      if (id) await dispatch(orderApi.endpoints.setReferral.initiate(id));
      await dispatch(orderApi.endpoints.getReferral.initiate(undefined, { subscribe: false, forceRefetch: Boolean(id) }));
    };
    const prefetch = async () => {
      // Stage 1: countries, categories, locale, payment intervals, the referrer.
      await Promise.allSettled([
        referral(),
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
