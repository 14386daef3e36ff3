import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import {
  cartApi,
  catalogApi,
  customerApi,
  domainApi,
  draftsApi,
  localeApi,
  orderApi,
  promotionApi,
  referrerOfSearch,
} from '@hostcart/shared-data-access-api';
import { matchRoute } from '@hostcart/shared-routing';
import { cartNotifications, notify, routeChanged, useAppDispatch } from '@hostcart/shared-store';
import { setReportingRoute } from '@hostcart/shared-util-reporting';

/**
 * What happens around every navigation (spec §2 "Global behaviour around navigation"): modals
 * close and notifications clear (unless flagged to persist); the data every step relies on is
 * loaded in the spec's stages, each stage's calls in parallel and none awaited by a screen (a
 * screen waits only for its own queries, which the RTK Query cache then answers); and after every
 * navigation but the landing one the cart and the customer are validated again: the server
 * revalidates both on read (products, addons and domains no longer available removed, promotions
 * revalidated and the cart saved when that changed it; an unsupported country reset), and the
 * cart's notices of that become notifications here (the cart screen shows its own view's).
 */
export function useNavigationEffects() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  // The landing URL's ?referrer, stored for the session once (spec §7); later navigations (and
  // the sanitiser's rewrite of it) do not store it again.
  const landingReferrer = useRef(referrerOfSearch(location.search));
  // Whether the landing navigation's loading has begun: every later one validates.
  const landed = useRef(false);

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
    const validate = landed.current;
    landed.current = true;
    const once = { subscribe: false } as const;
    // Validation asks the server again; the landing navigation's first read is that validation.
    const fresh = { subscribe: false, forceRefetch: validate } as const;
    const cart = async () => {
      const answer = await dispatch(cartApi.endpoints.getPricedCart.initiate(undefined, fresh));
      if (!validate || match.route.id === 'cart') return;
      for (const n of cartNotifications(answer.data?.notices)) dispatch(notify(n));
    };
    const prefetch = async () => {
      // Stage 1: countries, admin, categories, promotions, locale, payment intervals, referrer.
      await Promise.allSettled([
        referral(),
        dispatch(catalogApi.endpoints.getCountries.initiate(undefined, once)),
        dispatch(draftsApi.endpoints.getAdmin.initiate(undefined, once)),
        dispatch(catalogApi.endpoints.getCategories.initiate(d ? { d } : undefined, once)),
        dispatch(promotionApi.endpoints.getPromotions.initiate(undefined, once)),
        dispatch(localeApi.endpoints.getSessionLocale.initiate(undefined, once)),
        dispatch(catalogApi.endpoints.getPaymentIntervals.initiate(undefined, once)),
      ]);
      // Stage 2: products, domain data (TLDs and their groups), VAT, the cart (validated: stage
      // 3's manual promotions and stage 4's automatic promotion are applied by the cart service
      // on that read; addons and additional fields come with the products).
      await Promise.allSettled([
        dispatch(catalogApi.endpoints.getProducts.initiate(undefined, once)),
        dispatch(domainApi.endpoints.getTlds.initiate(undefined, once)),
        dispatch(domainApi.endpoints.getDomainGroups.initiate(undefined, once)),
        dispatch(customerApi.endpoints.getSessionVat.initiate(undefined, fresh)),
        cart(),
      ]);
      // The customer is validated after every navigation but the landing one (a screen that
      // needs it asks for it itself).
      if (validate) await dispatch(customerApi.endpoints.getSessionCustomer.initiate(undefined, fresh));
    };
    void prefetch();
  }, [dispatch, location.pathname, location.search]);
}
