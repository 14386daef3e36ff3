import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartItem, DOMAIN_ONLY, fakeCart, group, installFakeApi, renderDomains, tld } from '../test-utils';

const location = () => screen.getByTestId('location').textContent;

describe('do you want to add a domain', () => {
  it('goes to the lookup for the item on yes and on with the guided flow on no', async () => {
    const user = userEvent.setup();
    const cart = fakeCart([cartItem('rowm', 1002)], [{ id: 1002, name: 'Webhosting M' }]);
    installFakeApi((req) => cart.handle(req));
    renderDomains('/domains/do-you-want-to-add-a-domain?id=rowm');
    expect(screen.getByRole('heading', { level: 1, name: 'Would you like to add a domain?' })).toBeTruthy();
    expect(await screen.findByText('You can add a domain to Webhosting M now or continue without one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Yes, find a domain' }).getAttribute('href')).toBe('/domains/lookup?id=rowm');
    await user.click(screen.getByRole('button', { name: 'No, continue without domain' }));
    await waitFor(() => expect(location()).toBe('/cart'));
  });
});

describe('do you want to add a product', () => {
  it('offers the categories with the domains-only row on yes and goes on on no', async () => {
    const user = userEvent.setup();
    const cart = fakeCart([cartItem('rowd', DOMAIN_ONLY.id, ['xn--mller-kva.de'])]);
    const calls = installFakeApi((req) => (req.path === '/domains' ? { tlds: [tld(1, 'de', 1)] } : cart.handle(req)));
    renderDomains('/domains/do-you-want-to-add-a-product?d=m%C3%BCller.de');
    expect(screen.getByText('Hosting, e-mail or a website builder for müller.de?')).toBeTruthy();
    const yes = screen.getByRole('link', { name: 'Yes, show products' });
    await waitFor(() => expect(yes.getAttribute('href')).toBe('/categories?d=m%C3%BCller.de&tid=rowd'));
    await user.click(screen.getByRole('button', { name: 'No, domains only' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    // The decision was made on the domain-only product of the cart.
    expect(calls.some((c) => c.path.startsWith('/products?ids=1043'))).toBe(true);
  });
});

describe('/domains', () => {
  it('loads the domain data, then goes to the categories', async () => {
    const calls = installFakeApi((req) => {
      if (req.path === '/domains') return { tlds: [tld(1, 'de', 1)] };
      if (req.path === '/domains?group=true') return { domain_groups: [group(1, 'Popular', [tld(1, 'de', 1)])] };
      return undefined;
    });
    renderDomains('/domains');
    await waitFor(() => expect(location()).toBe('/categories'));
    expect(calls.map((c) => c.path).sort()).toEqual(['/domains', '/domains?group=true']);
  });

  it('does not hold the visitor when the domain service is down', async () => {
    installFakeApi(() => new Response('{"error":"error.service_unavailable","errors":{}}', { status: 503 }));
    renderDomains('/domains');
    await waitFor(() => expect(location()).toBe('/categories'));
  });
});

describe('unknown item ids (spec §2)', () => {
  it('sends an unknown id of the add-a-domain question to the categories', async () => {
    const cart = fakeCart([cartItem('rowm', 1002)], [{ id: 1002, name: 'Webhosting M' }]);
    installFakeApi((req) => cart.handle(req));
    renderDomains('/domains/do-you-want-to-add-a-domain?id=nope');
    await waitFor(() => expect(location()).toBe('/categories'));
  });

  it('sends an unknown id of the additional domain fields to the categories', async () => {
    const cart = fakeCart([cartItem('rowm', 1002, ['mine.de'])], [{ id: 1002, name: 'Webhosting M' }]);
    installFakeApi((req) => (req.path === '/domains' ? { tlds: [tld(1, 'de', 1)] } : cart.handle(req)));
    renderDomains('/domains/additional-domain-fields?id=nope');
    await waitFor(() => expect(location()).toBe('/categories'));
  });

  it('keeps the domains-only row as a known item', async () => {
    const cart = fakeCart([cartItem('rowd', DOMAIN_ONLY.id, ['mine.de'])]);
    installFakeApi((req) => (req.path === '/domains' ? { tlds: [tld(1, 'de', 1)] } : cart.handle(req)));
    renderDomains('/domains/do-you-want-to-add-a-domain?id=rowd');
    expect(await screen.findByRole('heading', { level: 1, name: 'Would you like to add a domain?' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(location()).toBe('/domains/do-you-want-to-add-a-domain?id=rowd');
  });
});

describe('adding items on an order draft (spec §2 global, §6)', () => {
  const onDraft = (cart: ReturnType<typeof fakeCart>) => (req: { method: string; path: string; body: unknown }) => {
    if (req.path === '/session/cart/priced') return { priced: { cart: { items: [], version: '2', is_draft: true }, items: [], item_count: 0 }, notices: [] };
    if (req.path === '/admins/me') return new Response(null, { status: 204 });
    return cart.handle(req);
  };

  it.each(['/domains/lookup?id=rowm&d=mine.de', '/domains/do-you-want-to-add-a-domain?id=rowm'])('sends a customer on a draft from %s to the cart', async (path) => {
    const cart = fakeCart([cartItem('rowm', 1002)], [{ id: 1002, name: 'Webhosting M' }]);
    installFakeApi(onDraft(cart));
    renderDomains(path);
    await waitFor(() => expect(location()).toBe('/cart'));
  });
});
