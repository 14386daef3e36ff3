import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { catalogApi } from './catalog';
import { errorDetails, isUnexpectedError, withRequestId } from './errors';
import { loadingSlice } from './loading';

const fetchMock = jest.fn<Promise<Response>, [Request]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function makeStore() {
  return configureStore({ reducer: combineSlices(api, loadingSlice), middleware: (gdm) => gdm().concat(api.middleware) });
}

describe('the request id of a failed call (spec §8 error details)', () => {
  it("keeps the gateway's id when the body is no JSON (a proxy's page: error.unexpected)", async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html', 'X-Request-Id': 'req-502' } }));
    const result = await makeStore().dispatch(catalogApi.endpoints.getPaymentIntervals.initiate());
    expect(isUnexpectedError(result.error)).toBe(true);
    expect(errorDetails(result.error)).toEqual({ status: '502', requestId: 'req-502' });
  });

  it('puts the id into a JSON object body and leaves other bodies as they are', () => {
    const headers = new Response(null, { headers: { 'X-Request-Id': 'req-1' } });
    expect(withRequestId({ status: 503, data: { error: 'catalog.unavailable' } }, headers)).toEqual({ status: 503, data: { error: 'catalog.unavailable', request_id: 'req-1' } });
    expect(withRequestId({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'bad json' }, headers)).toEqual({
      status: 'PARSING_ERROR',
      originalStatus: 502,
      data: '<html>',
      error: 'bad json',
      request_id: 'req-1',
    });
    expect(withRequestId({ status: 'FETCH_ERROR', error: 'offline' }, undefined)).toEqual({ status: 'FETCH_ERROR', error: 'offline' });
  });
});
