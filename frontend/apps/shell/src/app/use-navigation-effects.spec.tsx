import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { useEffect } from 'react';
import { createAppStore } from '@hostcart/shared-store';
import { useNavigationEffects } from './use-navigation-effects';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const fetchMock = jest.fn();

async function calls(): Promise<Call[]> {
  return Promise.all(
    fetchMock.mock.calls.map(async ([req]: [Request]) => {
      const text = await req.clone().text();
      return { method: req.method, path: new URL(req.url).pathname, body: text ? JSON.parse(text) : undefined };
    }),
  );
}

const referralCalls = async () => (await calls()).filter((c) => c.path === '/api/v2/session/referral');

/** Runs the effects at path; then navigates to next, as a click inside the shop would. */
function Effects({ next }: { next?: string }) {
  useNavigationEffects();
  const navigate = useNavigate();
  useEffect(() => {
    if (next) setTimeout(() => navigate(next), 0);
  }, [navigate, next]);
  return null;
}

function renderAt(path: string, next?: string) {
  render(
    <Provider store={createAppStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Effects next={next} />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (req: Request) =>
    new Response(new URL(req.url).pathname === '/api/v2/session/referral' ? '{"id":"partner-1","source":"referrer"}' : '{}', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  document.cookie = 'XSRF-TOKEN=tok; path=/';
});

describe('useNavigationEffects: the referrer (spec §7)', () => {
  it('stores the landing link\'s ?referrer for the session once, then reads the session\'s referral', async () => {
    renderAt('/categories?referrer=partner-1', '/categories?d=example.de');
    await waitFor(async () => expect((await referralCalls()).map((c) => c.method)).toEqual(['PUT', 'GET']));
    expect((await referralCalls())[0].body).toEqual({ id: 'partner-1' });
    // The later navigation (its categories are asked for with its d) stores nothing again.
    await waitFor(() => expect(fetchMock.mock.calls.some(([req]: [Request]) => req.url.includes('d=example.de'))).toBe(true));
    expect((await referralCalls()).filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('reads the referral without storing anything when the link has no valid referrer', async () => {
    renderAt('/categories?referrer=x');
    await waitFor(async () => expect((await referralCalls()).map((c) => c.method)).toEqual(['GET']));
  });
});
