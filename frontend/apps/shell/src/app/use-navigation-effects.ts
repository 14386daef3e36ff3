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

/** The routes whose ?referrer is stored on a visit after the landing one (spec §2). */
const REFERRER_ROUTES: ReadonlySet<string> = new Set(['products', 'domains-lookup']);

/**
 * What happens around every navigation (spec §2 "Global behaviour around navigation"): modals
 * close and notifications clear (unless flagged to persist); the data every step relies on is
 * loaded in the spec's stages, each stage's calls in parallel and none awaited by a screen (a
 * screen waits only for its own queries, which the RTK Query cache then answers); and after every
 * navigation, the landing one included, the cart and the customer are validated: the server
 * revalidates both on read (products, addons and domains no longer available removed, promotions
 * revalidated and the cart saved when that changed it; an unsupported country reset), and the
 * notices of that become notifications here, on the screen that read them (the cart screen shows
 * its own view's cart notices). The customer service sends customer.country_not_supported once,
 * on the read that resets the country, so whichever screen that read happened on shows it.
 */
export function useNavigationEffects() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  // The ?referrer last stored for the session (spec §7): the sanitiser's rewrite of a URL (and a
  // link followed twice) does not store the same id again.
  const storedReferrer = useRef<string | undefined>(undefined);
  // Whether the landing navigation's loading has begun: every later one asks the server again.
  const landed = useRef(false);

  useEffect(() => {
    dispatch(routeChanged());
    setReportingRoute(location.pathname);
  }, [dispatch, location.pathname, location.search]);

  useEffect(() => {
    const match = matchRoute(location.pathname);
    if (!match || match.route.id === 'oauth-callback') return;
    const d = new URLSearchParams(location.search).get('d') ?? undefined;
    // The landing navigation's first reads are its validation (nothing is cached yet, and a
    // screen that asked first shares the answer); every later navigation asks the server again.
    const again = landed.current;
    landed.current = true;
    // Spec §2 routes: /products/{slug} and /domains/lookup take a referrer; a link to any screen
    // that the visitor lands on carries it too.
    const fromUrl = !again || REFERRER_ROUTES.has(match.route.id) ? referrerOfSearch(location.search) : undefined;
    const referral = async () => {
      const id = fromUrl !== storedReferrer.current ? fromUrl : undefined;
      if (id) {
        storedReferrer.current = id;
        await dispatch(orderApi.endpoints.setReferral.initiate(id));
      }
      await dispatch(orderApi.endpoints.getReferral.initiate(undefined, { subscribe: false, forceRefetch: Boolean(id) }));
    };
    const once = { subscribe: false } as const;
    const fresh = { subscribe: false, forceRefetch: again } as const;
    const cart = async () => {
      const answer = await dispatch(cartApi.endpoints.getPricedCart.initiate(undefined, fresh));
      if (match.route.id === 'cart') return;
      for (const n of cartNotifications(answer.data?.notices)) dispatch(notify(n));
    };
    const customer = async () => {
      const answer = await dispatch(customerApi.endpoints.getSessionCustomer.initiate(undefined, fresh));
      for (const n of answer.data?.notices ?? []) dispatch(notify({ type: n.type === 'info' ? 'info' : 'warning', message: n.key, params: n.params }));
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
      // The customer last: no screen's first paint waits for it (a screen that needs it asks for
      // it itself, and then shares this read).
      await customer();
    };
    void prefetch();
  }, [dispatch, location.pathname, location.search]);
}
