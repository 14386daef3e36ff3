import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { CartDomain, CartItem, DomainGroup, DomainSearch, DomainSearchResult, FieldValue, Tld } from '@hostcart/shared-data-access-api';
import { createI18n } from '@hostcart/shared-i18n/testing';
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
    /**
     * Scrolls el into view, once the screen observes it: effects run after the browser painted,
     * so the observer may be attached a moment after the element appeared.
     */
    async show(el: Element) {
      await waitFor(() => {
        if (!observed.has(el)) throw new Error('element is not observed');
      });
      const cb = observed.get(el);
      act(() => cb?.([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry]));
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

/** A catalog product as far as the domain screens read it. */
export interface FakeProduct {
  id: number;
  name: string;
  type?: string;
  is_hidden?: boolean;
  free_tlds?: { amount: number; domains: string[] };
  /** 0 no, 1 required, 2 optional. */
  is_domainrequired?: number;
  /** Terms with their intervals (catalog Product.payment_maturities), for the guided flow's next step. */
  payment_maturities?: unknown[];
}

/** The brand's hidden domain-only product (catalog seed). */
export const DOMAIN_ONLY: FakeProduct = { id: 1043, name: 'Domains only', type: 'domain-only', is_hidden: true };

export function cartItem(rowId: string, productId: number, domains: string[] = [], extra: Partial<CartItem> = {}): CartItem {
  return {
    row_id: rowId,
    product: { id: productId, maturity_id: 0, interval_id: 0, promotion: '', additional_fields: [] },
    addons: [],
    upsells: [],
    domains: domains.map((name) => cartDomain(name)),
    is_preconfigured: false,
    ...extra,
  };
}

function cartDomain(name: string, authCode = '', fields: FieldValue[] = []): CartDomain {
  return { id: 0, name, inclusive: false, auth_code: authCode, promotion_code: '', additional_fields: fields };
}

/**
 * The cart service's domain rules as far as the domain screens use them: domains unique across
 * items (adding one moves it with cart.domain_moved, unless its item is preconfigured: 403), empty
 * domain-only items dropped, field values merged by id. Products are served by id, hidden ones
 * only with include_hidden.
 */
export function fakeCart(items: CartItem[] = [], products: FakeProduct[] = []) {
  const state = { items: items.map((i) => ({ ...i, domains: [...i.domains] })), version: 1 };
  let rows = 0;
  const catalog = [...products, DOMAIN_ONLY];
  const answer = (notices: unknown[] = []) => {
    state.items = state.items.filter((i) => i.product.id !== DOMAIN_ONLY.id || i.domains.length > 0);
    return { cart: { items: state.items, version: String(state.version) }, notices };
  };
  const find = (row: string) => state.items.find((i) => i.row_id === row);
  const holder = (name: string) => state.items.find((i) => i.domains.some((d) => d.name === name));

  function handle(req: FakeRequest): unknown | Response | undefined {
    const [path, qs = ''] = req.path.split('?');
    const q = new URLSearchParams(qs);
    if (path === '/products') {
      const ids = q.get('ids')?.split(',').map(Number);
      const hidden = q.get('include_hidden') === 'true';
      return { products: catalog.filter((p) => (!ids || ids.includes(p.id)) && (hidden || !p.is_hidden)) };
    }
    if (path === '/session/cart' && req.method === 'GET') return answer();
    if (path === '/session/cart' && req.method === 'PUT') {
      const body = req.body as { items: CartItem[] };
      state.items = body.items.map((i) => ({ ...i, row_id: i.row_id || `row${++rows}` }));
      state.version++;
      return answer();
    }
    let m = /^\/session\/cart\/items\/([^/]+)\/domains$/.exec(path);
    if (m && req.method === 'POST') {
      const item = find(m[1]);
      if (!item) return json({ error: 'cart.item_not_found' }, 404);
      const body = req.body as { name: string; auth_code?: string; additional_fields?: FieldValue[] };
      const other = holder(body.name);
      const notices: unknown[] = [];
      if (other && other !== item) {
        if (other.is_preconfigured) return json({ error: 'cart.preconfigured_item_locked' }, 403);
        other.domains = other.domains.filter((d) => d.name !== body.name);
        notices.push({ key: 'cart.domain_moved', message: '', type: '', params: { domain: body.name, from_row_id: other.row_id, row_id: item.row_id } });
      }
      const existing = item.domains.find((d) => d.name === body.name);
      if (existing) existing.auth_code = body.auth_code || existing.auth_code;
      else item.domains.push(cartDomain(body.name, body.auth_code ?? '', body.additional_fields ?? []));
      state.version++;
      return answer(notices);
    }
    m = /^\/session\/cart\/domains\/(.+)$/.exec(path);
    if (m && req.method === 'DELETE') {
      const item = holder(m[1]);
      if (!item) return json({ error: 'cart.domain_not_found' }, 404);
      if (item.is_preconfigured) return json({ error: 'cart.preconfigured_item_locked' }, 403);
      item.domains = item.domains.filter((d) => d.name !== m?.[1]);
      state.version++;
      return answer();
    }
    m = /^\/session\/cart\/items\/([^/]+)\/additional-fields$/.exec(path);
    if (m && req.method === 'PUT') {
      const body = req.body as { line: { kind: string; domain?: string }; additional_fields: FieldValue[] };
      const domain = find(m[1])?.domains.find((d) => d.name === body.line.domain);
      if (body.line.kind !== 'LINE_KIND_DOMAIN' || !domain) return json({ error: 'cart.domain_not_found' }, 404);
      for (const v of body.additional_fields) {
        domain.additional_fields = [...domain.additional_fields.filter((f) => f.field_id !== v.field_id), v];
      }
      state.version++;
      return answer();
    }
    return undefined;
  }
  return { state, handle };
}
