import { EARLY_REPORTS_LIMIT, reportError, reportFailedCall, resetReporting, setReporter, setReportingRoute, type Reporter } from './reporting';

function recorder() {
  const calls: Array<[string, unknown, Record<string, unknown> | undefined]> = [];
  const r: Reporter = {
    captureException: (e, c) => calls.push(['exception', e, c]),
    captureMessage: (m, c) => calls.push(['message', m, c]),
    setRoute: (route) => calls.push(['route', route, undefined]),
  };
  return { r, calls };
}

describe('reporting', () => {
  let errorLog: jest.SpyInstance;
  beforeEach(() => {
    errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    resetReporting();
    errorLog.mockRestore();
  });

  it('holds reports made before the reporter starts and hands them over with the route they were made on', () => {
    setReportingRoute('/categories');
    const early = new Error('early');
    reportError(early);
    reportFailedCall({ method: 'GET', url: '/payment-intervals', status: 503 });
    expect(errorLog).toHaveBeenCalledTimes(2);
    setReportingRoute('/cart');
    const { r, calls } = recorder();
    setReporter(r);
    expect(calls).toEqual([
      ['route', '/categories', undefined],
      ['exception', early, { route: '/categories' }],
      ['route', '/categories', undefined],
      ['message', 'failed call GET /payment-intervals: 503', { route: '/categories', method: 'GET', url: '/payment-intervals', status: 503 }],
      ['route', '/cart', undefined],
    ]);
    calls.length = 0;
    setReportingRoute('/confirm');
    const boom = new Error('boom');
    reportError(boom, { componentStack: 'at Confirm' });
    expect(calls).toEqual([
      ['route', '/confirm', undefined],
      ['exception', boom, { route: '/confirm', componentStack: 'at Confirm' }],
    ]);
  });

  it('drops the held reports when there is no reporter, and holds only a few', () => {
    reportError(new Error('dropped'));
    setReporter(null);
    reportError(new Error('after'));
    const { r, calls } = recorder();
    setReporter(r);
    expect(calls).toEqual([]);

    resetReporting();
    for (let i = 0; i < EARLY_REPORTS_LIMIT + 5; i++) reportError(new Error(`e${i}`));
    const second = recorder();
    setReporter(second.r);
    expect(second.calls.filter((c) => c[0] === 'exception')).toHaveLength(EARLY_REPORTS_LIMIT);
  });

  it('reports failed calls on the server side or in transit, not answers about the caller', () => {
    const { r, calls } = recorder();
    setReporter(r);
    for (const status of [400, 401, 404, 409, 422, 429, 499]) reportFailedCall({ method: 'GET', url: '/session/cart', status });
    expect(calls).toEqual([]);
    reportFailedCall({ method: 'POST', url: '/orders', status: 500 });
    reportFailedCall({ method: 'GET', url: '/countries', status: 'FETCH_ERROR' });
    expect(calls.map((c) => c[1])).toEqual(['failed call POST /orders: 500', 'failed call GET /countries: FETCH_ERROR']);
    expect(calls[0][2]).toMatchObject({ method: 'POST', url: '/orders', status: 500 });
  });
});
