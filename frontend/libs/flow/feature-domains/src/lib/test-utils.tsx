import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { DomainGroup, DomainSearch, DomainSearchResult, Tld } from '@hostcart/shared-data-access-api';
import { createI18n } from '@hostcart/shared-i18n';
import { createAppStore } from '@hostcart/shared-store';
import { LookupPage } from './lookup/lookup-page';
import { AddDomainPage } from './screens/add-domain-page';
import { AddProductPage } from './screens/add-product-page';
import { DomainsPage } from './screens/domains-page';
import { AdditionalDomainFieldsPage } from './fields/additional-domain-fields-page';

function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface FakeRequest {
  method: string;
  /** Path below /api/v2 with the query string. */
  path: string;
  body: unknown;
}

/** Answers a request: a body (200 JSON), a Response, or undefined for 404. */
export type FakeHandler = (req: FakeRequest) => unknown | Response | undefined | Promise<unknown>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** Stubs fetch with handler; returns the requests seen. */
export function installFakeApi(handler: FakeHandler): FakeRequest[] {
  const calls: FakeRequest[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const req = { method: request.method, path: decodeURIComponent(url.pathname.replace('/api/v2', '')) + url.search, body: text ? JSON.parse(text) : undefined };
    calls.push(req);
    const answer = await handler(req);
    if (answer instanceof Response) return answer;
    if (answer === undefined) return json({ error: 'error.not_found', errors: {} }, 404);
    return json(answer);
  }) as unknown as typeof fetch;
  return calls;
}

export function renderDomains(path: string, { locale = 'en-GB', store = createAppStore() } = {}) {
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/domains" element={<DomainsPage />} />
            <Route path="/domains/lookup" element={<LookupPage />} />
            <Route path="/domains/do-you-want-to-add-a-domain" element={<AddDomainPage />} />
            <Route path="/domains/do-you-want-to-add-a-product" element={<AddProductPage />} />
            <Route path="/domains/additional-domain-fields" element={<AdditionalDomainFieldsPage />} />
            <Route path="*" element={null} />
          </Routes>
          <LocationDisplay />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}

/**
 * A controllable IntersectionObserver: nothing is "in view" until a test says so, which is how
 * lazy loading of result groups is observed.
 */
export function installIntersectionObserver() {
  const observed = new Map<Element, (entries: IntersectionObserverEntry[]) => void>();
  class FakeObserver {
    constructor(private readonly callback: (entries: IntersectionObserverEntry[]) => void) {}
    observe(el: Element) {
      observed.set(el, this.callback);
    }
    unobserve(el: Element) {
      observed.delete(el);
    }
    disconnect() {
      for (const [el, cb] of observed) if (cb === this.callback) observed.delete(el);
    }
    takeRecords() {
      return [];
    }
  }
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  return {
    /** Scrolls el into view. */
    show(el: Element) {
      const cb = observed.get(el);
      if (!cb) throw new Error('element is not observed');
      act(() => cb([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry]));
    },
    isObserved: (el: Element) => observed.has(el),
    uninstall() {
      delete (globalThis as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    },
  };
}

export function price(netPerYear: number, vat = 19) {
  const gross = Math.round((netPerYear * (100 + vat)) / 100);
  return {
    monthly_net_cents: Math.round(netPerYear / 12),
    monthly_gross_cents: Math.round(gross / 12),
    contract_net_cents: netPerYear,
    contract_gross_cents: gross,
    setupfee_net_cents: 0,
    setupfee_gross_cents: 0,
    vat_percent: vat,
    contract_months: 12,
  };
}

export function tld(id: number, name: string, groupId: number, extra: Partial<Tld> = {}): Tld {
  return {
    id,
    tld: name,
    tld2: name,
    contractlength: 12,
    group_id: groupId,
    group_name: '',
    is_active: true,
    interval_vat: 19,
    price_cents: 100,
    privacy: false,
    setupfee_cents: 0,
    sort_id: id,
    top_tld: false,
    notice: '',
    external_id: '',
    article_name: '',
    idn: true,
    price: price(1200),
    additional_fields: [],
    ...extra,
  };
}

export function group(id: number, name: string, tlds: Tld[], order = id): DomainGroup {
  return { id, name, is_active: true, order, tlds };
}

export function search(input: string, sld: string, sldUnicode: string, tldName: string, extra: Partial<DomainSearch> = {}): DomainSearch {
  return {
    input,
    sld,
    sld_unicode: sldUnicode,
    sld_shortened: sldUnicode,
    tld: tldName,
    domain: tldName ? `${sld}.${tldName}` : '',
    domain_unicode: tldName ? `${sldUnicode}.${tldName}` : '',
    idn: sld !== sldUnicode,
    reduced: false,
    ...extra,
  };
}

const STATUS_TEXT: Record<number, string> = { 0: 'domain.status.available', 1: 'domain.status.taken', 2: 'domain.status.unavailable', 4: 'domain.status.already_owned' };

export function result(domain: string, status: number, extra: Partial<DomainSearchResult> = {}): DomainSearchResult {
  const [sld, ...rest] = domain.split('.');
  return {
    domain,
    domain_unicode: domain,
    tld: rest.join('.'),
    inclusive: false,
    sld,
    sld_shortened: sld,
    status,
    status_text: STATUS_TEXT[status],
    notice: '',
    authcode: status === 1,
    tld_id: 0,
    price: price(1200),
    cached: false,
    ...extra,
  };
}
