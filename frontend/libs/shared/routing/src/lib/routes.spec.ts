import { FALLBACK_PATH, matchRoute, pathTo, routeById, routes } from './routes';

// Every path of spec §2 (children spelled out), as a user would type it.
const specPaths = [
  '/categories',
  '/products/webhosting',
  '/additional-product-fields',
  '/popular-addons',
  '/addon-variants',
  '/promoted-addons',
  '/domain',
  '/domains',
  '/domains/do-you-want-to-add-a-domain',
  '/domains/do-you-want-to-add-a-product',
  '/domains/lookup',
  '/domains/additional-domain-fields',
  '/periods',
  '/periods/maturity',
  '/periods/interval',
  '/addons',
  '/additional-popularaddon-fields',
  '/additional-addon-fields',
  '/addon-reselection',
  '/addon-reselection/popular-addons',
  '/addon-reselection/addon-variants',
  '/addon-reselection/promoted-addons',
  '/addon-reselection/standard-addons',
  '/contract-transfer/tr-123',
  '/cart',
  '/customer',
  '/customer/login-or-register',
  '/customer/logout',
  '/customer/basic-info',
  '/customer/address',
  '/payment',
  '/postfill',
  '/postfill/products',
  '/postfill/popular-addons',
  '/postfill/addons',
  '/postfill/domains',
  '/confirm',
  '/confirm/ORDER42',
  '/cancel-paypal-subscription/ORDER42',
  '/sms-validation',
  '/success/17',
  '/oauth',
  '/oauth/callback',
  '/oauth/ready',
  '/session-restore',
  '/continue-preconfigured-order',
];

describe('route table', () => {
  it.each(specPaths)('registers %s', (path) => {
    expect(matchRoute(path)).toBeDefined();
  });

  it('has unique ids and paths', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('does not know other paths, which fall back to the categories', () => {
    expect(matchRoute('/nope')).toBeUndefined();
    expect(matchRoute('/')).toBeUndefined();
    expect(matchRoute('/products')).toBeUndefined();
    expect(FALLBACK_PATH).toBe('/categories');
  });

  it('reads path params', () => {
    expect(matchRoute('/products/vserver')?.params['slug']).toBe('vserver');
    expect(matchRoute('/confirm/ABC')?.params['order_code']).toBe('ABC');
    expect(matchRoute('/confirm')?.route.id).toBe('confirm');
  });

  it('declares the query parameters of spec §2 with their sanitiser', () => {
    expect(routeById('categories').query).toEqual({ d: 'domain', tid: 'itemId' });
    expect(routeById('products').query['promocode']).toBe('slug');
    expect(routeById('products').query['chooseProduct']).toBe('integer');
    expect(routeById('products').query['referrer']).toBe('word');
    expect(routeById('domains-lookup').query['id']).toBe('itemId');
    expect(routeById('confirm').query['redirectResult']).toBe('paymentRedirect');
    expect(routeById('oauth-callback').query).toEqual({ code: 'slug', state: 'slug', data: 'base64' });
    expect(routeById('session-restore').query).toEqual({ session_code: 'word' });
  });

  it('forwards the redirect-only routes', () => {
    expect(routeById('domain').redirect?.(new URLSearchParams('d=example.de'))).toBe('/domains/lookup?d=example.de');
    expect(routeById('domain').redirect?.(new URLSearchParams())).toBe('/categories');
    // /domains loads the domain data before it forwards, so a screen does it, not the table.
    expect(routeById('domains').redirect).toBeUndefined();
    expect(routeById('customer').redirect?.(new URLSearchParams())).toBe('/categories');
    expect(routeById('oauth').redirect?.(new URLSearchParams('code=abc'))).toBe('/oauth/callback?code=abc');
  });

  it('builds links with params and query', () => {
    expect(pathTo('products', { slug: 'webhosting' }, { d: 'x.de', tid: undefined })).toBe('/products/webhosting?d=x.de');
    expect(pathTo('additional-product-fields', {}, { id: 7 })).toBe('/additional-product-fields?id=7');
  });
});
