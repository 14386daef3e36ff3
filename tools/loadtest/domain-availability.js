// k6 load test of POST /api/v2/domain-availability through the gateway, against devstack with
// the sandbox registry. Run from tools/k6 (k6 is a pinned Go tool there):
//
//   cd tools/k6 && GOWORK=off go tool k6 run -e BASE_URL=http://127.0.0.1:8080 ../loadtest/domain-availability.js
//
// `make loadtest` runs it once per scenario and rate (warm and refb side by side at each target
// rate, then cold and zipf); see docs/performance.md.
//
// Scenarios (SCENARIOS, comma-separated, run one after the other):
//   warm  constant arrival rate WARM_RATE/s of 5-name batches that are all in the cache
//   cold  COLD_RATE/s batches of 5 names never asked before (every name reaches the registry;
//         start devstack with DOMAIN_SANDBOX_LATENCY=50ms to make that cost like a real one)
//   zipf  ZIPF_RATE/s batches drawn from ZIPF_NAMES names with Zipf-skewed popularity (exponent
//         ZIPF_S), the shape of real search traffic; reports the cache-hit ratio from the results'
//         `cached` flags as the Rate metric cache_hits
//   refb  (only when asked for) the warm scenario's requests, at WARM_RATE/s, sent to REFB_URL
//         (reference B: gin plus one loopback gRPC call); same script, same VU sessions, same
//         request bytes, so `make loadtest` can set our warm p99 beside B's at the same rate
//   max   (only when asked for) closed loop with MAX_VUS VUs for MAX_DURATION, for the maximum
//         requests per second when wrk is not installed; works against the reference servers too
//
// Every virtual user is a visitor with its own session: it fetches the session and CSRF cookies
// first and sends the token in X-XSRF-TOKEN, as the frontend does.

import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { Rate } from 'k6/metrics';

const env = (key, def) => (__ENV[key] === undefined || __ENV[key] === '' ? def : __ENV[key]);
const num = (key, def) => {
  const v = Number(env(key, def));
  if (!Number.isFinite(v) || v < 0) throw new Error(`${key} must be a non-negative number`);
  return v;
};

const BASE_URL = env('BASE_URL', 'http://127.0.0.1:8080');
const HOST = env('HOST_HEADER', '');
const REFB_URL = env('REFB_URL', '');
const DURATION = env('DURATION', '30s');
const PAUSE = env('PAUSE', '5s');
const WARM_RATE = num('WARM_RATE', 1000);
const COLD_RATE = num('COLD_RATE', 200);
const ZIPF_RATE = num('ZIPF_RATE', 200);
const ZIPF_NAMES = num('ZIPF_NAMES', 2000);
const ZIPF_S = num('ZIPF_S', 1.0);
const WARM_PREFIX = env('WARM_PREFIX', 'lt-warm');
const WARM_BATCHES = num('WARM_BATCHES', 20);
const MAX_VUS = num('MAX_VUS', 32);
const MAX_DURATION = env('MAX_DURATION', '10s');
// Names unique to this run, so "cold" stays cold even when a Redis cache outlives the last run.
// Chosen once in setup(): init code runs in every VU, at different times.
const RUN_ID = env('RUN_ID', '');
const SCENARIOS = env('SCENARIOS', 'warm,cold,zipf').split(',').map((s) => s.trim()).filter(Boolean);

// Thresholds: the targets of issues 3 and 8 (docs/performance.md); the warm p99 is also judged
// by the runner against reference B's at the same rate.
const WARM_P95_MS = num('WARM_P95_MS', 10);
const WARM_P99_MS = num('WARM_P99_MS', 15);
const COLD_P95_MS = num('COLD_P95_MS', 65);
const COLD_P99_MS = num('COLD_P99_MS', 70);
const MIN_CACHE_HITS = num('MIN_CACHE_HITS', 0.9);

const TLDS = ['de', 'com', 'net', 'eu', 'org'];
const PATH = '/api/v2/domain-availability';

const cacheHits = new Rate('cache_hits');

function seconds(d) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(d);
  if (!m) throw new Error(`bad duration ${d}`);
  return Number(m[1]) * { ms: 0.001, s: 1, m: 60 }[m[2]];
}

// arrival is a constant-arrival-rate scenario with VUs for answers of up to `slow` seconds; k6
// adds more (up to ten times as many) when answers are slower. Idle VUs cost memory and start-up.
function arrival(exec, rate, startSeconds, slow) {
  const vus = Math.max(10, Math.ceil(rate * slow));
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate,
    timeUnit: '1s',
    duration: DURATION,
    preAllocatedVUs: vus,
    maxVUs: vus * 10,
    startTime: `${startSeconds}s`,
  };
}

function buildOptions() {
  const scenarios = {};
  const thresholds = {};
  let start = 0;
  const step = seconds(DURATION) + seconds(PAUSE);
  for (const name of SCENARIOS) {
    const tag = `{scenario:${name},endpoint:availability}`;
    switch (name) {
      case 'warm':
        scenarios.warm = arrival('warm', WARM_RATE, start, 0.02);
        thresholds[`http_req_duration${tag}`] = ['p(95)<' + WARM_P95_MS, 'p(99)<=' + WARM_P99_MS];
        break;
      case 'refb':
        if (!REFB_URL) throw new Error('scenario refb needs REFB_URL');
        scenarios.refb = arrival('refb', WARM_RATE, start, 0.02);
        // No target of its own: the runner compares it with warm. A threshold makes k6 export
        // the scenario's own sub-metric.
        thresholds[`http_req_duration${tag}`] = ['max>=0'];
        break;
      case 'cold':
        scenarios.cold = arrival('cold', COLD_RATE, start, 0.1);
        thresholds[`http_req_duration${tag}`] = ['p(95)<' + COLD_P95_MS, 'p(99)<' + COLD_P99_MS];
        break;
      case 'zipf':
        scenarios.zipf = arrival('zipf', ZIPF_RATE, start, 0.1);
        thresholds[`http_req_duration${tag}`] = ['p(95)<' + COLD_P95_MS, 'p(99)<' + COLD_P99_MS];
        thresholds['cache_hits{scenario:zipf}'] = ['rate>=' + MIN_CACHE_HITS];
        break;
      case 'max':
        scenarios.max = { executor: 'constant-vus', exec: 'max', vus: MAX_VUS, duration: MAX_DURATION, startTime: `${start}s` };
        break;
      default:
        throw new Error(`unknown scenario ${name}`);
    }
    // Zero failed requests: the load test runs with rate limits off, so even a 429 is a failure.
    thresholds[`http_req_failed${tag}`] = ['rate==0'];
    if (name === 'cold' || name === 'zipf') thresholds[`checks{scenario:${name}}`] = ['rate==1'];
    if (scenarios[name].executor === 'constant-arrival-rate') {
      // Iterations k6 could not start on time mean the rate was not really offered: at most 1 %.
      const planned = scenarios[name].rate * seconds(DURATION);
      thresholds[`dropped_iterations{scenario:${name}}`] = ['count<=' + Math.ceil(planned * 0.01)];
    }
    start += step;
  }
  return {
    scenarios,
    thresholds,
    setupTimeout: '60s',
    summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
    // k6 shares the two cores with the servers it measures: every bit of its own work per request
    // (bodies it does not read, tags nobody filters on) is capacity the server does not get.
    discardResponseBodies: true,
    systemTags: ['status', 'method', 'scenario', 'expected_response', 'check', 'error'],
  };
}

export const options = buildOptions();

function headers(extra) {
  const h = Object.assign({ 'Content-Type': 'application/json' }, extra || {});
  if (HOST) h.Host = HOST;
  return h;
}

// session returns the request parameters of the VU's visitor (cookie and CSRF headers), fetching
// the cookies once. k6 empties a VU's cookie jar between iterations, so they are kept here and sent
// by hand. Servers without sessions (the reference servers of `max`) give none.
let visitor = null;
function session() {
  if (visitor !== null) return visitor;
  const res = http.get(BASE_URL + '/api/v2/session/locale', { headers: headers(), tags: { endpoint: 'session' } });
  const jar = http.cookieJar().cookiesForURL(BASE_URL);
  const cookie = (name) => (jar[name] && jar[name][0]) || '';
  if (SCENARIOS.indexOf('max') < 0 && (res.status !== 200 || !cookie('XSRF-TOKEN'))) {
    throw new Error(`session start answered ${res.status} without a CSRF cookie`);
  }
  const h = headers({ Cookie: `sid=${cookie('sid')}; XSRF-TOKEN=${cookie('XSRF-TOKEN')}`, 'X-XSRF-TOKEN': cookie('XSRF-TOKEN') });
  visitor = {
    // Answers are read only where the results matter (cold, zipf).
    skip: { headers: h, tags: { endpoint: 'availability' }, responseType: 'none' },
    read: { headers: h, tags: { endpoint: 'availability' }, responseType: 'text' },
  };
  return visitor;
}

function post(body, read, base) {
  const v = session();
  return http.post((base || BASE_URL) + PATH, body, read ? v.read : v.skip);
}

function batchBody(names) {
  return JSON.stringify({ domains: names });
}

function warmBatch(i) {
  return TLDS.map((tld) => `${WARM_PREFIX}-${i}.${tld}`);
}

// The warm bodies never change: built once per VU, not once per request.
const warmBodies = [];
for (let i = 1; i <= WARM_BATCHES; i++) warmBodies.push(batchBody(warmBatch(i)));

// results parses the answer and records the cache flags; false when it is not 5 results.
function results(res, metric) {
  if (res.status !== 200) return false;
  let body;
  try {
    body = res.json();
  } catch (e) {
    return false;
  }
  if (!body || !Array.isArray(body.results) || body.results.length !== TLDS.length) return false;
  if (metric) {
    for (const r of body.results) metric.add(r.cached === true);
  }
  return true;
}

export function setup() {
  const data = { runId: RUN_ID || Date.now().toString(36) };
  if (SCENARIOS.indexOf('warm') < 0 && SCENARIOS.indexOf('max') < 0) return data;
  // Put the warm set in the cache, then confirm it is served from there.
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 1; i <= WARM_BATCHES; i++) {
      const res = post(warmBodies[i - 1], true);
      if (SCENARIOS.indexOf('max') < 0 && res.status !== 200) {
        throw new Error(`warming ${warmBatch(i)} answered ${res.status}: ${res.body}`);
      }
    }
  }
  return data;
}

// Failures of warm and max show in http_req_failed; a check per request would only cost k6 time.
export function warm() {
  post(warmBodies[exec.scenario.iterationInTest % WARM_BATCHES], false);
}

// B ignores cookie and CSRF header; they are sent so that k6 does the same work for both, and
// every VU fetches its session at the shop first, as in warm.
export function refb() {
  post(warmBodies[exec.scenario.iterationInTest % WARM_BATCHES], false, REFB_URL);
}

export function cold(data) {
  const sld = `c${data.runId}-${exec.scenario.iterationInTest}`;
  const res = post(batchBody(TLDS.map((tld) => `${sld}.${tld}`)), true);
  check(res, { 'cold: 200 with 5 results': (r) => results(r, null) });
}

// Cumulative Zipf weights over ranks 1..ZIPF_NAMES, built once per VU.
const zipfCDF = (() => {
  const cdf = new Float64Array(ZIPF_NAMES);
  let sum = 0;
  for (let r = 1; r <= ZIPF_NAMES; r++) {
    sum += 1 / Math.pow(r, ZIPF_S);
    cdf[r - 1] = sum;
  }
  for (let i = 0; i < cdf.length; i++) cdf[i] /= sum;
  return cdf;
})();

function zipfRank() {
  const u = Math.random();
  let lo = 0;
  let hi = zipfCDF.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (zipfCDF[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

function zipfName(runId, rank) {
  return `z${runId}-${rank}.${TLDS[rank % TLDS.length]}`;
}

export function zipf(data) {
  // Five different names per batch, as a search page never asks for one name twice.
  const picked = new Set();
  while (picked.size < TLDS.length) picked.add(zipfRank());
  const res = post(batchBody(Array.from(picked, (rank) => zipfName(data.runId, rank))), true);
  check(res, { 'zipf: 200 with 5 results': (r) => results(r, cacheHits) });
}

export function max() {
  post(warmBodies[(exec.vu.idInTest + exec.vu.iterationInScenario) % WARM_BATCHES], false);
}
