import { generatePath, matchPath } from 'react-router-dom';
import type { QuerySpec } from './sanitize';

/** Which app renders a route: the shell itself or one of the remotes. */
export type RouteOwner = 'shell' | 'flow' | 'checkout' | 'agent';

export interface RouteDef {
  /** Stable name; screens, page titles (titles.<id>) and navigation refer to routes by it. */
  readonly id: string;
  /** react-router path pattern. */
  readonly path: string;
  readonly owner: RouteOwner;
  /** Query parameters the route reads, with their sanitising kind (spec §2). */
  readonly query: QuerySpec;
  /** Navigation params that travel in history state, not in the URL (e.g. returnToCart). */
  readonly state?: readonly string[];
  /** Routes that only forward somewhere else; they never render. */
  readonly redirect?: (query: URLSearchParams) => string;
  readonly breadcrumb?: boolean;
}

const CATEGORIES = '/categories';

function withQuery(path: string, query: URLSearchParams): string {
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

const idOnly = { id: 'itemId' } as const;

/** Every route of spec §2, in the spec's order. */
export const routes: readonly RouteDef[] = [
  { id: 'categories', path: '/categories', owner: 'flow', query: { d: 'domain', tid: 'itemId' } },
  {
    id: 'products',
    path: '/products/:slug',
    owner: 'flow',
    query: {
      d: 'domain',
      tid: 'itemId',
      chooseProduct: 'integer',
      addons: 'integer',
      referrer: 'word',
      webcard_demo_reference: 'word',
      promocode: 'slug',
    },
  },
  {
    id: 'additional-product-fields',
    path: '/additional-product-fields',
    owner: 'flow',
    // id is the chosen product's id here (not a cart item), so it is an integer.
    query: { id: 'integer', rowId: 'itemId', tid: 'itemId', addons: 'integer', webcard_demo_reference: 'word', promocode: 'slug', p: 'word' },
    state: ['returnToCart'],
  },
  {
    id: 'popular-addons',
    path: '/popular-addons',
    owner: 'flow',
    query: { id: 'itemId', upsellProductId: 'integer' },
    state: ['returnToCart', 'browseAllUpsells'],
  },
  { id: 'addon-variants', path: '/addon-variants', owner: 'flow', query: { id: 'itemId', set: 'integer' } },
  { id: 'promoted-addons', path: '/promoted-addons', owner: 'flow', query: { id: 'itemId', addonId: 'integer' } },
  {
    id: 'domain',
    path: '/domain',
    owner: 'flow',
    query: { d: 'domain' },
    redirect: (q) => (q.get('d') ? withQuery('/domains/lookup', new URLSearchParams({ d: q.get('d') as string })) : CATEGORIES),
  },
  // Renders a screen (flow) that loads the domain data first, then goes to the categories.
  { id: 'domains', path: '/domains', owner: 'flow', query: {} },
  { id: 'domains-add-domain', path: '/domains/do-you-want-to-add-a-domain', owner: 'flow', query: idOnly },
  { id: 'domains-add-product', path: '/domains/do-you-want-to-add-a-product', owner: 'flow', query: { d: 'domain' } },
  { id: 'domains-lookup', path: '/domains/lookup', owner: 'flow', query: { d: 'domain', id: 'itemId', referrer: 'word' } },
  {
    id: 'domains-additional-fields',
    path: '/domains/additional-domain-fields',
    owner: 'flow',
    query: { id: 'itemId', d: 'domain', p: 'word' },
    state: ['returnToCart'],
  },
  { id: 'periods', path: '/periods', owner: 'flow', query: idOnly },
  { id: 'periods-maturity', path: '/periods/maturity', owner: 'flow', query: idOnly },
  { id: 'periods-interval', path: '/periods/interval', owner: 'flow', query: idOnly },
  { id: 'addons', path: '/addons', owner: 'flow', query: idOnly },
  {
    id: 'additional-popularaddon-fields',
    path: '/additional-popularaddon-fields',
    owner: 'flow',
    query: { id: 'itemId', addonId: 'integer', p: 'word' },
  },
  { id: 'additional-addon-fields', path: '/additional-addon-fields', owner: 'flow', query: { id: 'itemId', addonId: 'integer', p: 'word' } },
  { id: 'addon-reselection', path: '/addon-reselection', owner: 'flow', query: idOnly },
  { id: 'addon-reselection-popular-addons', path: '/addon-reselection/popular-addons', owner: 'flow', query: idOnly },
  { id: 'addon-reselection-addon-variants', path: '/addon-reselection/addon-variants', owner: 'flow', query: { id: 'itemId', set: 'integer' } },
  {
    id: 'addon-reselection-promoted-addons',
    path: '/addon-reselection/promoted-addons',
    owner: 'flow',
    query: { id: 'itemId', addonId: 'integer' },
  },
  { id: 'addon-reselection-standard-addons', path: '/addon-reselection/standard-addons', owner: 'flow', query: idOnly },
  { id: 'contract-transfer', path: '/contract-transfer/:transferId', owner: 'flow', query: {} },

  { id: 'cart', path: '/cart', owner: 'checkout', query: {}, breadcrumb: true },
  { id: 'customer', path: '/customer', owner: 'checkout', query: {}, breadcrumb: true, redirect: () => CATEGORIES },
  { id: 'login-or-register', path: '/customer/login-or-register', owner: 'checkout', query: {}, breadcrumb: true },
  { id: 'logout', path: '/customer/logout', owner: 'checkout', query: {}, breadcrumb: true },
  { id: 'basic-info', path: '/customer/basic-info', owner: 'checkout', query: {}, breadcrumb: true, state: ['returnToConfirm'] },
  { id: 'address', path: '/customer/address', owner: 'checkout', query: {}, breadcrumb: true, state: ['returnToConfirm'] },
  { id: 'payment', path: '/payment', owner: 'checkout', query: {}, breadcrumb: true, state: ['returnToConfirm'] },
  { id: 'postfill', path: '/postfill', owner: 'checkout', query: {} },
  { id: 'postfill-products', path: '/postfill/products', owner: 'checkout', query: { rowId: 'itemId', p: 'word' } },
  { id: 'postfill-popular-addons', path: '/postfill/popular-addons', owner: 'checkout', query: { id: 'itemId', addonId: 'integer', p: 'word' } },
  { id: 'postfill-addons', path: '/postfill/addons', owner: 'checkout', query: { id: 'itemId', addonId: 'integer', p: 'word' } },
  { id: 'postfill-domains', path: '/postfill/domains', owner: 'checkout', query: { id: 'itemId', p: 'word' } },
  {
    id: 'confirm',
    path: '/confirm/:order_code?',
    owner: 'checkout',
    // PayPal subscription ids contain hyphens (I-ABC123), hence slug rather than word.
    query: { redirectResult: 'paymentRedirect', subscription_id: 'slug' },
    breadcrumb: true,
  },
  { id: 'cancel-paypal-subscription', path: '/cancel-paypal-subscription/:order_code', owner: 'checkout', query: {} },
  { id: 'sms-validation', path: '/sms-validation', owner: 'checkout', query: {} },
  { id: 'success', path: '/success/:orderId', owner: 'checkout', query: {} },

  // The authorization code and state of an OpenID authority are base64url: word characters and hyphens.
  { id: 'oauth', path: '/oauth', owner: 'agent', query: { code: 'slug', state: 'slug', data: 'base64' }, redirect: (q) => withQuery('/oauth/callback', q) },
  { id: 'oauth-callback', path: '/oauth/callback', owner: 'agent', query: { code: 'slug', state: 'slug', data: 'base64' } },
  { id: 'oauth-ready', path: '/oauth/ready', owner: 'agent', query: {} },
  { id: 'session-restore', path: '/session-restore', owner: 'agent', query: { session_code: 'word' } },
  { id: 'continue-preconfigured-order', path: '/continue-preconfigured-order', owner: 'agent', query: { session_code: 'word' } },

  { id: 'error-401', path: '/401', owner: 'shell', query: {} },
  { id: 'error-404', path: '/404', owner: 'shell', query: {} },
];

/** Where unknown paths go (spec §2). */
export const FALLBACK_PATH = CATEGORIES;

const byId = new Map(routes.map((r) => [r.id, r]));

export function routeById(id: string): RouteDef {
  const route = byId.get(id);
  if (!route) throw new Error(`unknown route id ${id}`);
  return route;
}

/** The route a pathname belongs to, or undefined for an unknown path. */
export function matchRoute(pathname: string): { route: RouteDef; params: Record<string, string | undefined> } | undefined {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

/** Builds a link to a route: path params filled in, query appended without empty values. */
export function pathTo(id: string, params: Record<string, string | number> = {}, query: Record<string, string | number | undefined> = {}): string {
  const path = generatePath(
    routeById(id).path,
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  );
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '') q.set(k, String(v));
  }
  return withQuery(path, q);
}
