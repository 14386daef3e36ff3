import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { group, installFakeApi, renderDomains, tld } from '../test-utils';

const location = () => screen.getByTestId('location').textContent;

describe('do you want to add a domain', () => {
  it('goes to the lookup for the item on yes and skips on no', async () => {
    installFakeApi((req) => (req.path === '/products' ? { products: [{ id: 1002, name: 'Webhosting M' }] } : undefined));
    renderDomains('/domains/do-you-want-to-add-a-domain?id=1002');
    expect(screen.getByRole('heading', { level: 1, name: 'Would you like to add a domain?' })).toBeTruthy();
    expect(await screen.findByText('You can add a domain to Webhosting M now or continue without one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Yes, find a domain' }).getAttribute('href')).toBe('/domains/lookup?id=1002');
    await userEvent.click(screen.getByRole('link', { name: 'No, continue without domain' }));
    expect(location()).toBe('/cart');
  });
});

describe('do you want to add a product', () => {
  it('offers the categories for the domain on yes and goes on on no', async () => {
    installFakeApi(() => undefined);
    renderDomains('/domains/do-you-want-to-add-a-product?d=m%C3%BCller.de');
    expect(screen.getByText('Hosting, e-mail or a website builder for müller.de?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Yes, show products' }).getAttribute('href')).toBe('/categories?d=m%C3%BCller.de');
    await userEvent.click(screen.getByRole('link', { name: 'No, domains only' }));
    expect(location()).toBe('/cart');
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
