import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DomainSearch, NormalizeSearchResponse } from '@hostcart/shared-data-access-api';
import { selectRunningRequests, type CartItem } from '@hostcart/shared-data-access-api';
import { selectNotifications } from '@hostcart/shared-store';
import { markItemConfigured } from '@hostcart/flow-data-access-flow';
import {
  cartItem,
  fakeCart,
  group,
  installFakeApi,
  installIntersectionObserver,
  json,
  renderDomains,
  result,
  search,
  tld,
  type FakeRequest,
} from '../test-utils';

const brand = { id: 1, name: 'Hostwerk', slug: 'hostwerk', fqdn: 'shop.hostwerk.de', is_visible: true, locales: [], properties: { display_prices_with_vat: 'true', country_code: 'DE' } };
const popular = group(1, 'Popular endings', ['de', 'com', 'net', 'org', 'eu', 'info', 'online'].map((n, i) => tld(i + 1, n, 1)));
const country = group(2, 'Country endings', [tld(20, 'at', 2), tld(21, 'ch', 2), tld(22, 'co.uk', 2, { idn: false })]);
const allTlds = [...popular.tlds, ...country.tlds];
/** Two terms, the second with two intervals: the guided flow after the domain asks for both. */
const terms = [
  { id: 101102, months: 12, is_active: true, payment_intervals: [{ id: 1, months: 1, is_active: true }, { id: 12, months: 12, is_active: true, is_default: true }] },
  { id: 101103, months: 24, is_active: true, payment_intervals: [{ id: 12, months: 12, is_active: true }, { id: 24, months: 24, is_active: true, is_default: true }] },
];
const products = [
  { id: 1002, name: 'Webhosting M', free_tlds: { amount: 1, domains: ['de', 'com'] } },
  // Needs a domain (spec §2 "Cart": the cart blocks it without one).
  { id: 1011, name: 'WordPress Start', is_domainrequired: 1, free_tlds: { amount: 1, domains: ['de', 'com'] }, payment_maturities: terms },
];

const muellerAscii = new URL('http://müller-test.de').hostname.replace(/\.de$/, '');

/** The server's normalisation for the inputs these tests type. */
function normalize(d: string): NormalizeSearchResponse {
  if (d.toLowerCase().includes('müller')) {
    return { valid: true, error: null, search: search(d, muellerAscii, 'müller-test', 'de', { reduced: true }) };
  }
  const [sld, ...rest] = d.toLowerCase().split('.');
  return { valid: true, error: null, search: search(d, sld, sld, rest.join('.')) };
}

/** Status by prefix like the sandbox registry: taken… is registered, everything else available. */
const statusOf = (name: string) => (name.startsWith('taken') ? 1 : 0);

interface Options {
  availability?: (req: FakeRequest) => unknown;
  inclusive?: unknown;
  /** What the cart holds at the start. */
  items?: CartItem[];
  /** Re-reads of the cart after a change never answer: the screen must show the answered cart. */
  holdCartRefetch?: boolean;
}

let cart: ReturnType<typeof fakeCart>;

function fakeShop(options: Options = {}) {
  cart = fakeCart(options.items, products);
  return installFakeApi((req) => {
    const [path, qs = ''] = req.path.split('?');
    const q = new URLSearchParams(qs);
    if (options.holdCartRefetch && req.method === 'GET' && path.startsWith('/session/cart') && cart.state.version > 1) return new Promise(() => undefined);
    const fromCart = cart.handle(req);
    if (fromCart !== undefined) return fromCart;
    if (path === '/brands/current') return brand;
    if (path === '/domains') return q.get('group') ? { domain_groups: [popular, country] } : { tlds: allTlds };
    if (path === '/domains/normalize') return normalize(q.get('d') ?? '');
    if (path === '/domains/search') {
      const s = normalize(q.get('d') ?? '').search as DomainSearch;
      return { search: s, result: result(`${s.sld}.${s.tld || 'de'}`, statusOf(s.sld), { domain_unicode: `${s.sld_unicode}.${s.tld || 'de'}` }) };
    }
    if (path.startsWith('/domain-recommendations/')) {
      const s = normalize(path.split('/')[2]).search as DomainSearch;
      return { search: s, recommendations: [result(`${s.sld}.${s.tld || 'de'}`, 0), result(`${s.sld}-online.de`, 0), result(`my${s.sld}.com`, 0)] };
    }
    if (path === '/domain-availability') {
      if (options.availability) return options.availability(req);
      const { domains } = req.body as { domains: string[] };
      return { results: domains.map((d) => result(d, statusOf(d))) };
    }
    if (/^\/products\/10(02|11)\/inclusive-tlds$/.test(path)) return options.inclusive ?? { inclusive_tlds: ['de', 'com'], inclusive_domains: [], remaining: 1 };
    return undefined;
  });
}

const availabilityCalls = (calls: FakeRequest[]) => calls.filter((c) => c.path === '/domain-availability').map((c) => (c.body as { domains: string[] }).domains);
const groupSection = (name: string) => screen.getByRole('region', { name });
const location = () => screen.getByTestId('location').textContent;

let io: ReturnType<typeof installIntersectionObserver>;
beforeEach(() => {
  io = installIntersectionObserver();
});
afterEach(() => io.uninstall());

describe('domain lookup', () => {
  it('shows the normalised name, then checks a group only when its title is in view, 5 names a call', async () => {
    const user = userEvent.setup();
    const calls = fakeShop();
    const { store } = renderDomains(`/domains/lookup?d=${encodeURIComponent('WWW.Müller-Test.DE.')}`);

    expect((await screen.findByTestId('normalised-domain')).textContent).toContain('Results for müller-test.de');
    expect(await within(groupSection('Your desired domain')).findByText('müller-test.de')).toBeTruthy();
    expect((screen.getByLabelText('Your domain name') as HTMLInputElement).value).toBe('WWW.Müller-Test.DE.');

    // Nothing below the fold was checked yet.
    const popularSection = await screen.findByRole('region', { name: 'Popular endings' });
    expect(popularSection.getAttribute('data-state')).toBe('idle');
    expect(availabilityCalls(calls)).toEqual([]);

    await io.show(within(popularSection).getByRole('heading', { name: 'Popular endings' }));
    expect(await within(popularSection).findByText(`${muellerAscii}.de`)).toBeTruthy();
    expect(availabilityCalls(calls)).toEqual([['de', 'com', 'net', 'org', 'eu'].map((t) => `${muellerAscii}.${t}`)]);
    // Registry calls stay out of the loading counter (spec §4).
    expect(selectRunningRequests(store.getState())).toBe(0);
    await waitFor(() => expect(screen.getByTestId('domain-live-region').textContent).toBe('Popular endings: 5 results'));

    await user.click(within(popularSection).getByRole('button', { name: 'Check more endings in Popular endings (2 left)' }));
    await waitFor(() => expect(availabilityCalls(calls)).toHaveLength(2));
    expect(availabilityCalls(calls)[1]).toEqual([`${muellerAscii}.info`, `${muellerAscii}.online`]);
    expect(await within(popularSection).findByText(`${muellerAscii}.online`)).toBeTruthy();
    // Keyboard focus lands on the first row "load more" brought in.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-domain')).toBe(`${muellerAscii}.info`));
    expect(within(popularSection).queryByRole('button', { name: /Check more endings/ })).toBeNull();

    // The country group: only IDN-capable endings for a name with umlauts, once in view.
    const countrySection = groupSection('Country endings');
    expect(countrySection.getAttribute('data-state')).toBe('idle');
    await io.show(within(countrySection).getByRole('heading', { name: 'Country endings' }));
    await waitFor(() => expect(availabilityCalls(calls)).toHaveLength(3));
    expect(availabilityCalls(calls)[2]).toEqual([`${muellerAscii}.at`, `${muellerAscii}.ch`]);
  });

  it('checks the input with the §5 rules: Enter at once, typing after 1500 ms', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      fakeShop();
      renderDomains('/domains/lookup');
      const input = await screen.findByLabelText('Your domain name');
      await user.type(input, 'my shop!.de{Enter}');
      expect((await screen.findByTestId('domain-search-error')).textContent).toBe('The domain contains characters that are not allowed: ␣ !');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(location()).toBe('/domains/lookup');

      await user.clear(input);
      await user.type(input, 'example.de');
      act(() => jest.advanceTimersByTime(1400));
      expect(location()).toBe('/domains/lookup');
      act(() => jest.advanceTimersByTime(100));
      await waitFor(() => expect(location()).toBe('/domains/lookup?d=example.de'));
      expect(screen.queryByTestId('domain-search-error')).toBeNull();

      // An ending the brand does not offer cannot be registered (the TLD list is loaded).
      await user.clear(input);
      await user.type(input, 'example.xyz{Enter}');
      expect((await screen.findByTestId('domain-search-error')).textContent).toBe('This domain cannot be registered.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('selects an available name into the side note and announces it', async () => {
    const user = userEvent.setup();
    fakeShop();
    renderDomains('/domains/lookup?d=example.de');
    const exact = await screen.findByRole('region', { name: 'Your desired domain' });
    const select = await within(exact).findByRole('button', { name: 'Select example.de' });
    await user.click(select);
    await waitFor(() => expect(screen.getByTestId('domain-live-region').textContent).toBe('example.de selected.'));
    // Domains only: the first domain creates the brand's domain-only item (the service drops an empty one).
    expect(cart.state.items).toEqual([expect.objectContaining({ product: expect.objectContaining({ id: 1043 }), domains: [expect.objectContaining({ name: 'example.de', auth_code: '' })] })]);
    const note = screen.getByTestId('domain-side-note');
    expect(await within(note).findByText('example.de')).toBeTruthy();
    expect(within(note).getByText('Registration')).toBeTruthy();
    // The same button node now removes it, so keyboard focus is not lost.
    await waitFor(() => expect(select.getAttribute('aria-label')).toBe('Remove example.de'));
    expect(within(exact).getByText('Selected')).toBeTruthy();

    // Suggestions leave out the exact name, which has its own section.
    const suggestions = screen.getByRole('region', { name: 'Our suggestions' });
    await io.show(within(suggestions).getByRole('heading', { name: 'Our suggestions' }));
    expect(await within(suggestions).findByText('example-online.de')).toBeTruthy();
    expect(within(suggestions).queryByText('example.de')).toBeNull();

    await user.click(within(note).getByRole('button', { name: 'Order domains only' }));
    await waitFor(() => expect(location()).toBe('/domains/do-you-want-to-add-a-product?d=example.de'));
  });

  it('keeps both of two quick domains-only choices (the second waits for the item the first created)', async () => {
    const calls = fakeShop();
    renderDomains('/domains/lookup?d=example.de');
    const exact = await screen.findByRole('region', { name: 'Your desired domain' });
    const suggestions = screen.getByRole('region', { name: 'Our suggestions' });
    await io.show(within(suggestions).getByRole('heading', { name: 'Our suggestions' }));
    const first = await within(exact).findByRole('button', { name: 'Select example.de' });
    const second = await within(suggestions).findByRole('button', { name: 'Select example-online.de' });
    // Both clicks before any answer.
    act(() => {
      first.click();
      second.click();
    });
    await waitFor(() => expect(screen.getByTestId('domain-live-region').textContent).toBe('example-online.de selected.'));
    expect(cart.state.items).toEqual([expect.objectContaining({ product: expect.objectContaining({ id: 1043 }) })]);
    expect(cart.state.items[0].domains.map((d) => d.name)).toEqual(['example.de', 'example-online.de']);
    // The first created the domain-only item, the second was added to its row.
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /session/cart', 'POST /session/cart/items/row1/domains']);
  });

  it('transfers a taken name with an auth code and the ownership confirmation', async () => {
    const user = userEvent.setup();
    fakeShop({ holdCartRefetch: true });
    renderDomains('/domains/lookup?d=taken-name.de');
    const exact = await screen.findByRole('region', { name: 'Your desired domain' });
    // The region shows before its availability call answers.
    expect(await within(exact).findByText('Registered – transfer possible')).toBeTruthy();
    await user.click(within(exact).getByRole('button', { name: 'Transfer taken-name.de' }));
    const dialog = screen.getByRole('dialog', { name: 'Transfer taken-name.de' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm transfer' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Auth code'), 'S3CRET');
    expect(confirm.disabled).toBe(false);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(confirm);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('domain-live-region').textContent).toBe('Transfer of taken-name.de selected.'));
    // Announced together with the side note and the row showing it, from the cart the change
    // answered (the re-read of the cart is held back here).
    const note = screen.getByTestId('domain-side-note');
    expect(within(note).getByText('taken-name.de')).toBeTruthy();
    expect(within(note).getByText('Transfer')).toBeTruthy();
    expect(within(exact).getByText('Transfer selected')).toBeTruthy();
    expect(cart.state.items[0].domains).toEqual([expect.objectContaining({ name: 'taken-name.de', auth_code: 'S3CRET' })]);
  });

  it('says how long to wait when the registry calls are rate limited (429)', async () => {
    const user = userEvent.setup();
    let refuse = true;
    fakeShop({
      availability: (req) => {
        if (refuse) return json({ error: 'domain.too_many_requests', errors: {} }, 429, { 'Retry-After': '7' });
        return { results: (req.body as { domains: string[] }).domains.map((d) => result(d, 0)) };
      },
    });
    renderDomains('/domains/lookup?d=example.de');
    const popularSection = await screen.findByRole('region', { name: 'Popular endings' });
    await io.show(within(popularSection).getByRole('heading', { name: 'Popular endings' }));
    expect((await within(popularSection).findByRole('alert')).textContent).toContain('Too many domain checks. Please try again in 7 seconds.');
    refuse = false;
    await user.click(within(popularSection).getByRole('button', { name: 'Try again' }));
    expect(await within(popularSection).findByText('example.com')).toBeTruthy();
  });

  it('marks names under the product’s free TLDs as inclusive', async () => {
    fakeShop({ items: [cartItem('rowm', 1002)] });
    renderDomains('/domains/lookup?d=example&id=rowm');
    expect(await screen.findByText('Domains for Webhosting M')).toBeTruthy();
    const popularSection = await screen.findByRole('region', { name: 'Popular endings' });
    await io.show(within(popularSection).getByRole('heading', { name: 'Popular endings' }));
    await within(popularSection).findByText('example.de');
    const rowOf = (name: string) => within(popularSection).getByText(name).closest('li') as HTMLElement;
    expect(within(rowOf('example.de')).getByText('Included')).toBeTruthy();
    expect(within(rowOf('example.com')).getByText('Included')).toBeTruthy();
    expect(within(rowOf('example.net')).queryByText('Included')).toBeNull();
    // Continue without domain is offered for a product.
    expect(screen.getByRole('button', { name: 'Continue without domain' })).toBeTruthy();
  });

  it('explains that a domain of a preconfigured item cannot move', async () => {
    const user = userEvent.setup();
    const locked = cartItem('rowa', 1001, ['example.de'], { is_preconfigured: true });
    const calls = fakeShop({ items: [locked, cartItem('rowm', 1002)] });
    renderDomains('/domains/lookup?d=example.de&id=rowm');
    const exact = await screen.findByRole('region', { name: 'Your desired domain' });
    await user.click(await within(exact).findByRole('button', { name: 'Select example.de' }));
    const dialog = await screen.findByRole('dialog', { name: 'Domain already assigned' });
    expect(within(dialog).getByText('This domain is already assigned to a product.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Known locked: the cart is not even asked.
    expect(calls.some((c) => c.path.startsWith('/session/cart/items'))).toBe(false);
    expect(cart.state.items[0].domains.map((d) => d.name)).toEqual(['example.de']);
  });

  it('shows the modal when the cart refuses the move', async () => {
    const user = userEvent.setup();
    fakeShop({ items: [cartItem('rowa', 1001, ['example.de']), cartItem('rowm', 1002)] });
    const { store } = renderDomains('/domains/lookup?d=example.de&id=rowm');
    // Another tab locked the item meanwhile: this tab's cart does not know yet.
    await screen.findByRole('region', { name: 'Your desired domain' });
    await waitFor(() => expect(store.getState().api.queries['getCart(undefined)']?.status).toBe('fulfilled'));
    cart.state.items[0].is_preconfigured = true;
    const exact = screen.getByRole('region', { name: 'Your desired domain' });
    await user.click(await within(exact).findByRole('button', { name: 'Select example.de' }));
    expect(await screen.findByRole('dialog', { name: 'Domain already assigned' })).toBeTruthy();
  });

  it('moves a domain from another item and says so', async () => {
    const user = userEvent.setup();
    fakeShop({ items: [cartItem('rowa', 1001, ['example.de']), cartItem('rowm', 1002)] });
    const { store } = renderDomains('/domains/lookup?d=example.de&id=rowm');
    const exact = await screen.findByRole('region', { name: 'Your desired domain' });
    await user.click(await within(exact).findByRole('button', { name: 'Select example.de' }));
    await waitFor(() => expect(cart.state.items[1].domains.map((d) => d.name)).toEqual(['example.de']));
    expect(cart.state.items[0].domains).toEqual([]);
    expect(selectNotifications(store.getState())).toEqual([expect.objectContaining({ message: 'cart.domain_moved', params: expect.objectContaining({ domain: 'example.de' }) })]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const note = screen.getByTestId('domain-side-note');
    expect(await within(note).findByText('example.de')).toBeTruthy();
  });

  it('removes a chosen domain from the cart', async () => {
    const user = userEvent.setup();
    const calls = fakeShop({ items: [cartItem('rowm', 1002, ['example.de'])] });
    renderDomains('/domains/lookup?d=example.de&id=rowm');
    const note = screen.getByTestId('domain-side-note');
    await user.click(await within(note).findByRole('button', { name: 'Remove example.de' }));
    await waitFor(() => expect(within(note).queryByText('example.de')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/session/cart/domains/example.de')).toBe(true);
    expect(screen.getByTestId('domain-live-region').textContent).toBe('example.de removed from your selection.');
  });

  it('shows a refused domain as an error notification', async () => {
    const user = userEvent.setup();
    cart = fakeCart([cartItem('rowm', 1002)], products);
    installFakeApi((req) => {
      if (req.method === 'POST' && req.path.endsWith('/domains')) return json({ error: 'cart.domain_not_available' }, 422);
      const [path, qs = ''] = req.path.split('?');
      const fromCart = cart.handle(req);
      if (fromCart !== undefined) return fromCart;
      if (path === '/brands/current') return brand;
      if (path === '/domains') return new URLSearchParams(qs).get('group') ? { domain_groups: [popular] } : { tlds: allTlds };
      if (path === '/domains/normalize') return normalize('example.de');
      if (path === '/domains/search') return { search: normalize('example.de').search, result: result('example.de', 0) };
      if (path === '/products/1002/inclusive-tlds') return { inclusive_tlds: [], inclusive_domains: [], remaining: 0 };
      return undefined;
    });
    const { store } = renderDomains('/domains/lookup?d=example.de&id=rowm');
    const exact = await screen.findByRole('region', { name: 'Your desired domain' });
    await user.click(await within(exact).findByRole('button', { name: 'Select example.de' }));
    await waitFor(() => expect(selectNotifications(store.getState())).toEqual([expect.objectContaining({ type: 'error', message: 'cart.domain_not_available' })]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('continues with the guided flow of the item', async () => {
    const user = userEvent.setup();
    fakeShop({ items: [cartItem('rowm', 1002, ['example.de'])] });
    renderDomains('/domains/lookup?d=example.de&id=rowm');
    const note = screen.getByTestId('domain-side-note');
    await within(note).findByText('example.de');
    await user.click(within(note).getByRole('button', { name: 'Continue' }));
    // The bare test product has no further steps.
    await waitFor(() => expect(location()).toBe('/cart'));
  });

  it('offers no “Continue without domain” for a product that needs a domain, and says why Continue waits', async () => {
    const user = userEvent.setup();
    fakeShop({ items: [cartItem('rowwp', 1011)] });
    renderDomains('/domains/lookup?d=example.de&id=rowwp');
    const note = screen.getByTestId('domain-side-note');
    expect(await within(note).findByText('For WordPress Start')).toBeTruthy();
    const hint = await within(note).findByTestId('domain-required-hint');
    expect(hint.textContent).toBe('Please choose at least one domain for WordPress Start to proceed.');
    const next = within(note).getByRole('button', { name: 'Continue' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(next.getAttribute('aria-describedby')).toBe(hint.id);
    expect(within(note).queryByRole('button', { name: 'Continue without domain' })).toBeNull();
    // Chosen: Continue is enabled, still no way on without one.
    const exact = await screen.findByRole('region', { name: 'Your desired domain' });
    await user.click(await within(exact).findByRole('button', { name: 'Select example.de' }));
    await within(note).findByText('example.de');
    expect((within(note).getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(note).queryByTestId('domain-required-hint')).toBeNull();
    expect(within(note).queryByRole('button', { name: 'Continue without domain' })).toBeNull();
  });

  it('offers “Continue without domain” for a product whose domain is optional', async () => {
    fakeShop({ items: [cartItem('rowm', 1002)] });
    renderDomains('/domains/lookup?id=rowm');
    const note = screen.getByTestId('domain-side-note');
    expect(await within(note).findByRole('button', { name: 'Continue without domain' })).toBeTruthy();
    expect(within(note).queryByTestId('domain-required-hint')).toBeNull();
  });

  describe('a domain for an item (issue 23)', () => {
    beforeEach(() => sessionStorage.clear());
    // The item as the walk left it: 24 months paid yearly and an extra; no domain yet.
    const configured = () =>
      cartItem('rowwp', 1011, [], {
        product: { id: 1011, maturity_id: 101103, interval_id: 12, promotion: '', additional_fields: [] },
        addons: [{ id: 1204, maturity_id: 120403, interval_id: 12, promotion: '', additional_fields: [] }],
      });

    it('first time on the walk: the term and interval choices follow the domain', async () => {
      const user = userEvent.setup();
      fakeShop({ items: [configured()] });
      renderDomains('/domains/lookup?d=example.de&id=rowwp');
      const exact = await screen.findByRole('region', { name: 'Your desired domain' });
      await user.click(await within(exact).findByRole('button', { name: 'Select example.de' }));
      const note = screen.getByTestId('domain-side-note');
      await within(note).findByText('example.de');
      await user.click(within(note).getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(location()).toBe('/periods/maturity?id=rowwp'));
    }, 20_000);

    it('an item already configured (term, interval, extras chosen) keeps them: the domain leads back to the cart', async () => {
      const user = userEvent.setup();
      const calls = fakeShop({ items: [configured()] });
      // What the period and extras screens note when the customer leaves them (e.g. the extras
      // screen's 'domain required' question, or the cart's missing-domain button afterwards).
      markItemConfigured('rowwp');
      renderDomains('/domains/lookup?d=example.de&id=rowwp');
      const exact = await screen.findByRole('region', { name: 'Your desired domain' });
      await user.click(await within(exact).findByRole('button', { name: 'Select example.de' }));
      const note = screen.getByTestId('domain-side-note');
      await within(note).findByText('example.de');
      await user.click(within(note).getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(location()).toBe('/cart'));
      // Only the domain was added: term, interval and the extra are the ones chosen before.
      expect(calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/session/cart')).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /session/cart/items/rowwp/domains']);
      expect(cart.state.items[0].product).toEqual(expect.objectContaining({ maturity_id: 101103, interval_id: 12 }));
      expect(cart.state.items[0].addons.map((a) => a.id)).toEqual([1204]);
    }, 20_000);
  });

  it('shows the server’s verdict for a search from the URL', async () => {
    installFakeApi((req) => {
      if (req.path.startsWith('/domains/normalize')) return { valid: false, search: null, error: { key: 'domain.cannot_be_registered', chars: [] } };
      if (req.path === '/domains') return { tlds: allTlds };
      if (req.path === '/domains?group=true') return { domain_groups: [popular] };
      if (req.path === '/brands/current') return brand;
      return undefined;
    });
    renderDomains('/domains/lookup?d=example.xyz');
    expect((await screen.findByTestId('domain-search-error')).textContent).toBe('This domain cannot be registered.');
    expect(screen.queryByRole('region', { name: 'Popular endings' })).toBeNull();
  });
});
