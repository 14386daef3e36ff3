// Issue 14 / spec §3 "Config", §8 reporting, in Chromium against a devstack of its own, configured
// with an error-reporting DSN that points at a local endpoint recording what arrives, a release and
// a flash message: a screen's render error, an uncaught error and a failed call reach the endpoint
// with the release and the route; the flash message shows once per browser session.
const { EventEmitter, once } = require('node:events');
const { createServer } = require('node:http');
const { launch, settled } = require('./browser.cjs');
const { startDevstack, stopDevstack } = require('./global-setup.cjs');

jest.setTimeout(120_000);

const RELEASE = 'e2e-1.2.3';
const FLASH = 'Wartungsarbeiten heute Nacht von 2 bis 3 Uhr.';

let browser;
let devstack;
let endpoint;
let origin;
const events = [];
/** Emits 'event' for each event the endpoint records. */
const arrivals = new EventEmitter();

/** Sentry's envelope: a header line, then item header and payload lines. */
function recordEnvelope(body) {
  const lines = body.split('\n').filter(Boolean);
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const item = JSON.parse(lines[i]);
    if (item.type === 'event') {
      events.push(JSON.parse(lines[i + 1]));
      arrivals.emit('event');
    }
  }
}

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST' && /^\/api\/1\/envelope\//.test(req.url)) recordEnvelope(body);
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise((ok) => endpoint.listen(0, '127.0.0.1', ok));
  const dsn = `http://e2epublickey@127.0.0.1:${endpoint.address().port}/1`;
  devstack = await startDevstack({ ERROR_REPORTING_DSN: dsn, APP_RELEASE: RELEASE, FLASH_MESSAGE_TYPE: 'warning', FLASH_MESSAGE: FLASH }, 'devstack-reporting.log');
  const base = new URL(devstack.base);
  base.hostname = 'hostwerk.localhost';
  origin = base.origin;
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await stopDevstack(devstack?.child);
  await new Promise((ok) => (endpoint ? endpoint.close(ok) : ok()));
});

/**
 * The first recorded event matching predicate, looked for again as each event arrives (no polling,
 * no clock): a report that never comes fails the test at jest's timeout, with `what` and the
 * events that did arrive on the test's failure (afterEach below).
 */
let awaited;
async function until(predicate, what) {
  awaited = what;
  for (;;) {
    const found = events.find(predicate);
    if (found) {
      awaited = undefined;
      return found;
    }
    await once(arrivals, 'event');
  }
}

afterEach(() => {
  if (awaited) console.error(`no report of ${awaited}; got ${JSON.stringify(events.map((e) => e.message ?? e.exception?.values?.[0]?.value))}`);
  awaited = undefined;
});

it('shows the configured flash message once per browser session', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${origin}/categories`);
  await settled(page);
  const flash = page.locator('.hc-notification[data-type="warning"]', { hasText: FLASH });
  await expect(flash.count()).resolves.toBe(1);
  await page.reload();
  await settled(page);
  await expect(flash.count()).resolves.toBe(0);
  await context.close();
});

it('reports a screen that throws, an uncaught error and a failed call, with the release and the route', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The categories answer arrives broken (an object, not a list): the screen throws while rendering.
  await page.route('**/api/v2/categories*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"categories":{"broken":true}}' }));
  await page.goto(`${origin}/categories`);
  // The screen's error boundary shows the unexpected-error message instead of a blank page.
  await page.getByRole('button', { name: 'Erneut versuchen' }).waitFor();
  const screenError = await until((e) => e.exception && e.tags?.route === '/categories' && e.extra?.screen === 'flow/categories', 'the screen error');
  expect(screenError.release).toBe(RELEASE);
  expect(screenError.environment).toBe('local');

  await page.evaluate(() => setTimeout(() => { throw new Error('e2e uncaught error'); }, 0));
  const uncaught = await until((e) => e.exception?.values?.[0]?.value === 'e2e uncaught error', 'the uncaught error');
  expect(uncaught.release).toBe(RELEASE);
  expect(uncaught.tags?.route).toBe('/categories');

  await page.unroute('**/api/v2/categories*');
  await page.route('**/api/v2/payment-intervals*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"catalog.unavailable","errors":{}}' }));
  await page.goto(`${origin}/categories`);
  await settled(page);
  const failed = await until((e) => /^failed call GET \/payment-intervals/.test(e.message ?? ''), 'the failed call');
  expect(failed.release).toBe(RELEASE);
  expect(failed.tags?.route).toBe('/categories');
  await context.close();
});
