import { screen, waitFor } from '@testing-library/react';
import { installFetch, json, renderWithApp } from '@hostcart/shared-testing';
import { CheckoutBreadcrumbs } from './checkout-breadcrumbs';

describe('CheckoutBreadcrumbs sets (spec §4 "Breadcrumb sets")', () => {
  afterEach(() => localStorage.clear());

  it('shows domain selection then confirm on the confirm page of a cloud-panel domains order', () => {
    localStorage.setItem('order_type', 'cloudpit_domains');
    renderWithApp(<CheckoutBreadcrumbs current="confirm" />);
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(['1 Step 1 of 2: Domain selection', '2 Step 2 of 2: Order overview']);
    expect(screen.getAllByRole('listitem')[0].getAttribute('data-state')).toBe('past');
  });

  it('keeps the four steps for other orders', () => {
    localStorage.setItem('order_type', 'redirect');
    renderWithApp(<CheckoutBreadcrumbs current="confirm" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});

describe('CheckoutBreadcrumbs sets from the session customer (spec §4, §6)', () => {
  const customer = (extra: Record<string, unknown>) => ({ customer: { customer_no: '', basic_info: null, address: null, validated: false, vat_id_check: null, panel: null, ...extra }, notices: [] });
  const panel = (order_type: string) => ({ order_type, webhosting_id: '', category_slug: '', external_product_id: '' });
  const labels = () => screen.getAllByRole('listitem').map((li) => li.textContent);
  const states = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('data-state'));

  afterEach(() => localStorage.clear());

  it.each([
    ['cart', ['present', 'future']],
    ['customer', ['present', 'future']],
    ['payment', ['present', 'future']],
    ['confirm', ['past', 'present']],
  ] as const)('shows an existing customer shopping cart then confirm on the %s step', async (current, expected) => {
    installFetch((req) => (req.path === '/session/customer' ? json(customer({ customer_no: '10042' })) : undefined));
    renderWithApp(<CheckoutBreadcrumbs current={current} />);
    await waitFor(() => expect(labels()).toEqual(['1 Step 1 of 2: Shopping cart', '2 Step 2 of 2: Order overview']));
    expect(states()).toEqual(expected);
  });

  it.each(['cart', 'confirm'] as const)('shows a cloud-panel domains order domain selection then confirm on the %s step (from the server, nothing stored)', async (current) => {
    installFetch((req) => (req.path === '/session/customer' ? json(customer({ customer_no: '10042', panel: panel('cloudpit_domains') })) : undefined));
    renderWithApp(<CheckoutBreadcrumbs current={current} />);
    await waitFor(() => expect(labels()).toEqual(['1 Step 1 of 2: Domain selection', '2 Step 2 of 2: Order overview']));
  });

  it('shows the four steps to a new customer and to other panel orders, in German too', async () => {
    installFetch((req) => (req.path === '/session/customer' ? json(customer({ panel: panel('redirect') })) : undefined));
    renderWithApp(<CheckoutBreadcrumbs current="payment" />, { locale: 'de-DE' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    expect(labels()[2]).toBe('3 Schritt 3 von 4: Zahlungsart');
    expect(states()).toEqual(['past', 'past', 'present', 'future']);
  });

  it('lets the server answer win over a stale stored order type', async () => {
    localStorage.setItem('order_type', 'cloudpit_domains');
    installFetch((req) => (req.path === '/session/customer' ? json(customer({})) : undefined));
    renderWithApp(<CheckoutBreadcrumbs current="confirm" />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
  });
});
