/** A JSON answer of the fake API. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An error answer as the gateway sends it (docs/api.md "Errors"). */
export function apiError(status: number, key: string, params?: Record<string, string>): Response {
  return json({ error: key, ...(params ? { params } : {}) }, status);
}

/** One request the fake API saw: method, path below /api/v2 with its decoded query, the parsed JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON of any endpoint: specs read the fields of the request they expect without a cast per endpoint; a wrong field fails the spec's assertion.
  body: any;
}

/**
 * Replaces fetch with a handler of the requests to /api/v2 (what RTK Query sends). The handler
 * answers a Response, a JSON body, or undefined for a 404 `error.not_found`. Answers the list of
 * requests seen, in order.
 */
export function installFetch(handler: (req: SeenRequest) => Response | unknown | Promise<Response | unknown>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const text = method === 'GET' || method === 'HEAD' ? '' : await request.text();
    const req: SeenRequest = { method, path: decodeURIComponent(url.pathname.replace(/^\/api\/v2/, '') + url.search), body: text ? JSON.parse(text) : undefined };
    seen.push(req);
    const answer = await handler(req);
    if (answer instanceof Response) return answer;
    return answer === undefined ? json({ error: 'error.not_found' }, 404) : json(answer);
  }) as unknown as typeof fetch;
  return seen;
}
