// k6 checkout mix of issue 21 through the gateway, against devstack on PostgreSQL, Redis and NATS.
// Run from tools/k6 (k6 is a pinned Go tool there):
//
//   cd tools/k6 && GOWORK=off go tool k6 run -e BASE_URL=http://127.0.0.1:8080 ../loadtest/checkout-mix.js
//
// `make loadtest` runs it after the availability part (tools/loadtest/runner, docs/performance.md).
//
// Scenarios (SCENARIOS, comma-separated, run one after the other):
//   mix     closed loop at each VU level of MIX_VUS (e.g. 2,4,8,16; one scenario mix_<n> each, for
//           MIX_DURATION): every iteration is one step drawn with shop traffic's weights, browse
//           categories and products 10, view cart 3, add to cart 2, change locale 1, domain check 2,
//           full checkout 1. Throughput per level shows the knee: where more VUs stop adding
//           iterations per second and only add latency.
//   refb    the same VU levels against reference B (REFB_URL: gin plus one loopback gRPC call),
//           one request per iteration, in the same run: the yardstick beside the mix.
//   orders  constant arrival rate of full checkouts at each rate of ORDER_RATES (e.g. 20,50; one
//           scenario orders_<rate> each, for ORDER_DURATION): the order placement p99 at that rate.
//
// Every virtual user is a visitor: it keeps its session cookie across iterations
// (noCookiesReset) and sends the CSRF cookie's token in X-XSRF-TOKEN, as the frontend does. A full
// checkout starts a fresh session (a new buyer) and sends an Idempotency-Key with the order.
// Requests are tagged step=<name>; the summary has p50/p99 per step and scenario.

import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';

const env = (key, def) => (__ENV[key] === undefined || __ENV[key] === '' ? def : __ENV[key]);
const list = (key, def) => env(key, def).split(',').map((s) => s.trim()).filter(Boolean);

const BASE_URL = env('BASE_URL', 'http://127.0.0.1:8080');
const REFB_URL = env('REFB_URL', '');
const MIX_VUS = list('MIX_VUS', '2,4,8,16').map(Number);
const MIX_DURATION = env('MIX_DURATION', '20s');
const ORDER_RATES = list('ORDER_RATES', '20,50').map(Number);
const ORDER_DURATION = env('ORDER_DURATION', '20s');
const PAUSE = env('PAUSE', '3s');
const SCENARIOS = list('SCENARIOS', 'mix,refb,orders');
// Idempotency keys unique to this run (init code runs in every VU; the VU id tells them apart).
const RUN = env('RUN_ID', String(Date.now()));
const PRODUCT_ID = Number(env('PRODUCT_ID', '1001'));
const CATEGORIES = ['webhosting', 'wordpress', 'server', 'ssl', 'domains', 'microsoft'];
const TLDS = ['de', 'com', 'net', 'eu', 'org'];

// The steps of the mix with their weights (issue 21 "Load").
const WEIGHTS = [
  ['browse', 10],
  ['view_cart', 3],
  ['add_to_cart', 2],
  ['change_locale', 1],
  ['domain_check', 2],
  ['checkout', 1],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((s, w) => s + w[1], 0);
// Every step tag a request can carry (the checkout's own steps included), for per-step figures.
const STEP_TAGS = ['session', 'browse', 'view_cart', 'add_to_cart', 'remove_from_cart', 'change_locale', 'domain_check', 'basic_info', 'address', 'payment', 'order'];

function seconds(d) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(d);
  if (!m) throw new Error(`bad duration ${d}`);
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60 }[m[2]];
}

function buildOptions() {
  const scenarios = {};
  const thresholds = {};
  let start = 0;
  const add = (name, sc, dur) => {
    scenarios[name] = Object.assign(sc, { startTime: `${start}s` });
    // A threshold per scenario makes k6 export the scenario's own sub-metrics; zero failed requests.
    thresholds[`http_req_failed{scenario:${name}}`] = ['rate==0'];
    thresholds[`http_req_duration{scenario:${name}}`] = ['max>=0'];
    thresholds[`iterations{scenario:${name}}`] = ['count>=0'];
    start += seconds(dur) + seconds(PAUSE);
  };
  for (const name of SCENARIOS) {
    switch (name) {
      case 'mix':
        for (const vus of MIX_VUS) {
          add(`mix_${vus}`, { executor: 'constant-vus', exec: 'mix', vus, duration: MIX_DURATION }, MIX_DURATION);
          for (const step of STEP_TAGS) {
            thresholds[`http_req_duration{scenario:mix_${vus},step:${step}}`] = ['max>=0'];
          }
        }
        break;
      case 'refb':
        if (!REFB_URL) throw new Error('scenario refb needs REFB_URL');
        for (const vus of MIX_VUS) {
          add(`refb_${vus}`, { executor: 'constant-vus', exec: 'refb', vus, duration: MIX_DURATION }, MIX_DURATION);
        }
        break;
      case 'orders':
        for (const rate of ORDER_RATES) {
          // A checkout is six requests; VUs for answers of up to a second each, more when slower.
          const vus = Math.max(10, Math.ceil(rate * 2));
          add(`orders_${rate}`, {
            executor: 'constant-arrival-rate', exec: 'orders', rate, timeUnit: '1s', duration: ORDER_DURATION,
            preAllocatedVUs: vus, maxVUs: vus * 5,
          }, ORDER_DURATION);
          for (const step of STEP_TAGS) {
            thresholds[`http_req_duration{scenario:orders_${rate},step:${step}}`] = ['max>=0'];
          }
          thresholds[`dropped_iterations{scenario:orders_${rate}}`] = ['count>=0'];
        }
        break;
      default:
        throw new Error(`unknown scenario ${name}`);
    }
  }
  return {
    scenarios,
    thresholds,
    noCookiesReset: true,
    setupTimeout: '60s',
    summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
    systemTags: ['status', 'method', 'scenario', 'expected_response', 'check', 'error'],
  };
}

export const options = buildOptions();

// params are the request parameters of the VU's visitor: the session and CSRF cookies travel in the
// jar, the token also in X-XSRF-TOKEN.
function params(step, extra) {
  const jar = http.cookieJar().cookiesForURL(BASE_URL);
  const token = (jar['XSRF-TOKEN'] && jar['XSRF-TOKEN'][0]) || '';
  const h = Object.assign({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, extra || {});
  return { headers: h, tags: { step } };
}

function ensureSession() {
  const jar = http.cookieJar().cookiesForURL(BASE_URL);
  if (jar['XSRF-TOKEN'] && jar['XSRF-TOKEN'][0]) return;
  const res = http.get(BASE_URL + '/api/v2/session/locale', params('session'));
  check(res, { 'session: 200': (r) => r.status === 200 });
}

function ok(res, what) {
  return check(res, { [`${what}: 2xx`]: (r) => r.status >= 200 && r.status < 300 });
}

function browse() {
  const cat = CATEGORIES[Math.floor(Math.random() * CATEGORIES.length)];
  ok(http.get(BASE_URL + '/api/v2/categories', params('browse')), 'categories');
  ok(http.get(BASE_URL + '/api/v2/products?category=' + cat, params('browse')), 'products');
}

function viewCart() {
  ok(http.get(BASE_URL + '/api/v2/session/cart', params('view_cart')), 'cart');
}

// addToCart adds the product and takes it out again, so a long-lived visitor's cart stays the size
// of a real one (the removal is its own step).
function addToCart() {
  const res = http.post(BASE_URL + '/api/v2/session/cart/items', JSON.stringify({ product_id: PRODUCT_ID }), params('add_to_cart'));
  if (!ok(res, 'add to cart')) return;
  const row = res.json('row_id');
  if (row) ok(http.del(BASE_URL + '/api/v2/session/cart/items/' + row, null, params('remove_from_cart')), 'remove from cart');
}

function changeLocale() {
  const code = Math.random() < 0.5 ? 'de-DE' : 'en-GB';
  ok(http.put(BASE_URL + '/api/v2/session/locale', JSON.stringify({ code }), params('change_locale')), 'locale');
}

function domainCheck() {
  // A few hundred names: mostly answered from the cache, as popular searches are.
  const sld = 'lt-mix-' + Math.floor(Math.random() * 200);
  const body = JSON.stringify({ domains: TLDS.map((t) => `${sld}.${t}`) });
  ok(http.post(BASE_URL + '/api/v2/domain-availability', body, params('domain_check')), 'domain check');
}

let checkouts = 0;

// checkout is a new buyer's whole way: product into the cart, basic info, address, SEPA, order.
function checkout(keyPrefix) {
  http.cookieJar().clear(BASE_URL);
  ensureSession();
  const steps = [
    ['add_to_cart', 'post', '/api/v2/session/cart/items', { product_id: PRODUCT_ID }],
    ['basic_info', 'put', '/api/v2/session/basic-info', { group: 1, gender: 1, first_name: 'Erika', last_name: 'Muster', email: 'erika@example.org' }],
    ['address', 'put', '/api/v2/session/address-info', { street: 'Musterweg 1', postal_code: '10115', city: 'Berlin', country_code: 'DE', phone: '+49 30 1234567' }],
    ['payment', 'put', '/api/v2/session/payment', { type: 'sepa', holder: 'Erika Muster', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Hausbank', permission: true }],
  ];
  for (const [step, method, path, body] of steps) {
    const res = http.request(method.toUpperCase(), BASE_URL + path, JSON.stringify(body), params(step));
    if (!ok(res, step)) return;
  }
  checkouts++;
  const key = `${keyPrefix || 'lt'}-${exec.vu.idInTest}-${checkouts}`;
  const res = http.post(BASE_URL + '/api/v2/orders',
    JSON.stringify({ generalbusinessterm: true, privacyterm: true, gtc_agreement: true }),
    params('order', { 'Idempotency-Key': key }));
  check(res, { 'order: 200 with the order': (r) => r.status === 200 && !!r.json('order') });
}

// setup walks every step once before the measured scenarios (its requests carry no scenario tag):
// the stack's connections, caches and database pools are warm when the first level starts.
export function setup() {
  for (let i = 0; i < 3; i++) {
    ensureSession();
    browse();
    viewCart();
    addToCart();
    changeLocale();
    domainCheck();
    checkout(`lt-setup-${Date.now()}-${i}`);
  }
  http.cookieJar().clear(BASE_URL);
}

const STEPS = { browse, view_cart: viewCart, add_to_cart: addToCart, change_locale: changeLocale, domain_check: domainCheck, checkout };

export function mix() {
  ensureSession();
  let pick = Math.random() * TOTAL_WEIGHT;
  for (const [name, w] of WEIGHTS) {
    if (pick < w) return name === 'checkout' ? checkout(`lt-${RUN}`) : STEPS[name]();
    pick -= w;
  }
  return STEPS.browse();
}

// refb sends reference B the availability request, the gateway's cheapest real route's shape.
const REFB_BODY = JSON.stringify({ domains: TLDS.map((t) => `lt-refb.${t}`) });
export function refb() {
  http.post(REFB_URL + '/api/v2/domain-availability', REFB_BODY, { headers: { 'Content-Type': 'application/json' }, tags: { step: 'refb' } });
}

export function orders() {
  checkout(`lt-${RUN}`);
}
