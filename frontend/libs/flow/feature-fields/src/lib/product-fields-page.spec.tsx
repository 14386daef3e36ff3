import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectNotifications } from '@hostcart/shared-store';
import { json } from '@hostcart/shared-testing';
import { cartItem, field, installFakeShop, product, renderFields, type FakeRequest } from './test-utils';

const certificate = product(10, {
  name: 'SSL Basic',
  type: 'certificate',
  additional_fields: [
    field(1, 'ssl_domain', 'Domain or subdomain', 'required|fqdn', { headline: 'Which domain should the certificate be issued for?' }),
    field(2, 'company_duns', 'D-U-N-S number', 'string|min:9|max:9', { input_component: 'duns', is_postponed: true }),
  ],
});
const server = product(20, {
  name: 'Root Server',
  type: 'server',
  additional_fields: [
    field(4, 'linux_distribution', 'Operating system', 'required', { input_component: 'linux_distribution', prefilled_with: 'ubuntu-22.04' }),
    field(3, 'root_password', 'Root password', 'required|secure_password', { input_component: 'password', headline: 'Access to your server' }),
    field(6, 'server_hostname', 'Host name', 'required|fqdn', { is_postponed: true, prefilled_with: 'server.example.com' }),
  ],
});
const backup = product(31, { name: 'Backup', type: 'addon' });
const location = () => screen.getByTestId('location').textContent;
const location_ = (path: string) => waitFor(() => expect(location()).toBe(path));

describe('additional product fields', () => {
  it('adds a new product with its fields after server validation, then the promo code and addon, then goes on', async () => {
    const user = userEvent.setup();
    let reject = true;
    const shop = installFakeShop([certificate, backup], [cartItem('tmp1', 99)], (req: FakeRequest) => {
      if (req.path === '/additional-fields/validate' && reject)
        // The gateway's answer (docs/api.md "Field validation"): 200, spec §7's map under error, the same under errors.
        return new Response(JSON.stringify({ error: { '1': ['validation.fqdn'] }, errors: { '1': ['validation.fqdn'] } }), { status: 200 });
      if (req.path === '/session/cart/promotions') return new Response(JSON.stringify({ error: 'confirm.manual_promotion_not_found' }), { status: 404 });
      return undefined;
    });
    const { store } = renderFields('/additional-product-fields?id=10&tid=tmp1&addons=31&webcard_demo_reference=demo1&promocode=SPRING');

    expect(await screen.findByRole('heading', { name: 'Which domain should the certificate be issued for?' })).toBeTruthy();
    expect(screen.getByText(/domain or subdomain the certificate is issued for/)).toBeTruthy();
    expect(screen.queryByLabelText('D-U-N-S number')).toBeNull(); // postponed

    const input = screen.getByLabelText('Domain or subdomain');
    await user.type(input, ' shop.example.org ');
    const save = screen.getByRole('button', { name: 'Save and proceed' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    expect(await screen.findByText(/valid domain name/)).toBeTruthy();
    expect(save.disabled).toBe(true);
    expect(shop.calls.find((c) => c.path === '/additional-fields/validate')?.body).toEqual({ fields: [{ id: 1, value: 'shop.example.org', type: 'product' }] });
    expect(shop.calls.some((c) => c.path === '/session/cart/items')).toBe(false); // stays on errors

    reject = false;
    await user.clear(input);
    await user.type(input, 'shop.example.com');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await location_('/cart');

    expect(shop.calls.find((c) => c.path === '/session/cart/items')?.body).toEqual({
      product_id: 10,
      additional_fields: [{ field_id: 1, value: 'shop.example.com' }],
      informations: { webcard_demo_reference: 'demo1' },
      domains_from_row_id: 'tmp1',
    });
    expect(shop.calls.find((c) => c.path === '/session/cart/promotions')?.body).toEqual({ code: 'SPRING' });
    expect(shop.calls.find((c) => c.path === '/session/cart/items/row2/addons')?.body).toMatchObject({ addon_id: 31 });
    expect(selectNotifications(store.getState())).toEqual([
      expect.objectContaining({ type: 'error', message: 'confirm.manual_promotion_not_found', params: { code: 'SPRING' } }),
    ]);
  });

  it('stores the values of an item in the cart and returns to the cart', async () => {
    const user = userEvent.setup();
    const shop = installFakeShop([server], [cartItem('abc', 20)]);
    renderFields('/additional-product-fields?id=20&rowId=abc', { state: { returnToCart: true } });

    expect(await screen.findByRole('heading', { name: 'Access to your server' })).toBeTruthy();
    await user.type(screen.getByLabelText('Root password'), 'S3cure!pass');
    await user.type(screen.getByLabelText('Repeat Root password'), 'S3cure!pass');
    await user.click(screen.getByRole('radio', { name: 'Debian 11' }));
    await user.click(screen.getByRole('button', { name: 'Save and proceed' }));
    await location_('/cart');
    expect(shop.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/session/cart/items/abc/additional-fields',
      body: {
        line: { kind: 'LINE_KIND_PRODUCT' },
        additional_fields: [
          { field_id: 3, value: 'S3cure!pass' },
          { field_id: 4, value: 'debian-11' },
          { field_id: 6, value: 'server.example.com' },
        ],
      },
    });
    expect(shop.calls.some((c) => c.path === '/session/cart/items')).toBe(false);
  });

  it('tells that an SSL certificate may take up to 2 business days to be provisioned (spec §9), for certificates only', async () => {
    installFakeShop([certificate, server], []);
    const { unmount } = renderFields('/additional-product-fields?id=10');
    expect(await screen.findByText('Provisioning an SSL certificate may take up to 2 business days.')).toBeTruthy();
    unmount();
    renderFields('/additional-product-fields?id=20');
    await screen.findByRole('button', { name: 'Save and proceed' });
    expect(screen.queryByText(/up to 2 business days/)).toBeNull();
  });

  it('says so when the product does not exist, and offers the categories', async () => {
    installFakeShop([certificate], []);
    renderFields('/additional-product-fields?id=77');
    expect(await screen.findByText('The product you selected is not available.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the categories' }).getAttribute('href')).toBe('/categories');
  });

  it('shows loading first and a failed cart load as an error', async () => {
    installFakeShop([server], [], (req) => (req.path === '/session/cart' ? new Response(JSON.stringify({ error: 'error.service_unavailable' }), { status: 503 }) : undefined));
    renderFields('/additional-product-fields?id=20&rowId=abc');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText(/temporarily unavailable/)).toBeTruthy();
  });

  // Spec §6: preconfigured items are non-interactive except for sales agents; spec §2: a customer
  // on an order draft adds no items. The cart service refuses both (403), so the screen offers
  // neither.
  const noAgent = (req: FakeRequest) => (req.path === '/admins/me' ? new Response(null, { status: 204 }) : undefined);

  it.each(['/additional-product-fields?id=20&rowId=abc', '/additional-product-fields?rowId=abc&p=y'])(
    'sends a customer who opens %s of a preconfigured item by URL to the cart',
    async (path) => {
      const shop = installFakeShop([server], [cartItem('abc', 20, { is_preconfigured: true })], noAgent);
      renderFields(path);
      await location_('/cart');
      expect(screen.queryByRole('button', { name: 'Save and proceed' })).toBeNull();
      expect(shop.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    },
  );

  it('lets a sales agent fill in the fields of a preconfigured item', async () => {
    installFakeShop([server], [cartItem('abc', 20, { is_preconfigured: true })], (req) =>
      req.path === '/admins/me' ? json({ id: 'agent-7', is_sales_agent: true }) : undefined,
    );
    renderFields('/additional-product-fields?id=20&rowId=abc');
    expect(await screen.findByRole('heading', { name: 'Access to your server' })).toBeTruthy();
  });

  it('sends a customer on an order draft who opens a new product by URL to the cart', async () => {
    const draftCart = { priced: { cart: { items: [], version: '4', is_draft: true }, items: [], item_count: 0 }, notices: [] };
    const shop = installFakeShop([server], [], (req) => (req.path === '/session/cart/priced' ? json(draftCart) : noAgent(req)));
    renderFields('/additional-product-fields?id=20');
    await location_('/cart');
    expect(screen.queryByRole('button', { name: 'Save and proceed' })).toBeNull();
    expect(shop.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
