import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { additionalField as field } from '@hostcart/shared-testing';
import { cartItem, DOMAIN_ONLY, fakeCart, installFakeApi, renderDomains, tld, type FakeRequest } from '../test-utils';

const tlds = [
  tld(1, 'eu', 1, { additional_fields: [field(1, 'eu_residence_country', 'Country of residence', 'required|string|min:2|max:2', { input_component: 'country', headline: 'Details for .eu domains' })] }),
  tld(2, 'de', 1, { additional_fields: [field(2, 'nameserver_1', 'Own name server 1', 'string|fqdn|max:253', { is_postponed: true })] }),
  tld(3, 'uk', 1, { additional_fields: [field(4, 'uk_registrant_type', 'Registrant type', 'required|string|min:2|max:100')] }),
];
const brand = { id: 1, name: 'Hostwerk', slug: 'hostwerk', fqdn: '', is_visible: true, locales: [], properties: { country_code: 'DE' } };
const countries = [
  { id: 1, code: 'DE', name: 'Germany', phone_prefix: '+49', order: 1 },
  { id: 2, code: 'AT', name: 'Austria', phone_prefix: '+43', order: 2 },
];

let cart: ReturnType<typeof fakeCart>;

/** A cart whose domains-only order holds these domains. */
function cartWith(...names: string[]) {
  cart = fakeCart([cartItem('rowd', DOMAIN_ONLY.id, names)]);
}

/** The session's customer (GET /session/customer) of the next test; none answers 404. */
let sessionCustomer: unknown;

function fakeApi(validate: (req: FakeRequest) => unknown) {
  return installFakeApi((req) => {
    if (req.path === '/session/customer' && sessionCustomer) return { customer: sessionCustomer, notices: [] };
    const fromCart = cart.handle(req);
    if (fromCart !== undefined) return fromCart;
    if (req.path === '/domains') return { tlds };
    if (req.path === '/countries') return { countries };
    if (req.path === '/brands/current') return brand;
    if (req.path === '/domains/additional-fields/validate') return validate(req);
    return undefined;
  });
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  sessionCustomer = undefined;
});

describe('additional domain fields', () => {
  it('shows one fieldset per domain with fields, validates on the server and keeps the values', async () => {
    const user = userEvent.setup();
    let reject = true;
    const calls = fakeApi(() =>
      reject ? { valid: false, errors: [{ domain: 'shop.uk', field_id: 4, errors: ['validation.min_length'] }] } : { valid: true, errors: [] },
    );
    cartWith('shop.eu', 'shop.de', 'shop.uk');
    renderDomains('/domains/additional-domain-fields');

    const eu = await screen.findByRole('group', { name: 'shop.eu' });
    expect(screen.queryByRole('group', { name: 'shop.de' })).toBeNull(); // only postponed fields
    expect(within(eu).getByText('Details for .eu domains')).toBeTruthy();
    const country = within(eu).getByLabelText('Country of residence') as HTMLSelectElement;
    await waitFor(() => expect(country.value).toBe('DE')); // the brand's country
    await user.selectOptions(country, 'AT');

    const uk = screen.getByRole('group', { name: 'shop.uk' });
    const save = screen.getByRole('button', { name: 'Save and proceed' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(true)); // registrant type is required
    await user.type(within(uk).getByLabelText('Registrant type'), 'x');
    expect(await within(uk).findByText('Please enter at least 2 characters.')).toBeTruthy();
    await user.type(within(uk).getByLabelText('Registrant type'), 'y');
    await waitFor(() => expect(save.disabled).toBe(false));

    await user.click(save);
    expect(await within(uk).findByText('Please enter at least 2 characters.')).toBeTruthy();
    expect(save.disabled).toBe(true); // a server error blocks saving until the field is edited
    const sent = calls.find((c) => c.path === '/domains/additional-fields/validate')?.body;
    expect(sent).toEqual({
      fields: [
        { domain: 'shop.eu', field_id: 1, value: 'AT' },
        { domain: 'shop.uk', field_id: 4, value: 'xy' },
      ],
      include_postponed: false,
    });

    reject = false;
    await user.type(within(uk).getByLabelText('Registrant type'), 'z');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(location()).toBe('/domains/do-you-want-to-add-a-product?d=shop.eu'));
    const kept = cart.state.items[0].domains;
    expect(kept.find((d) => d.name === 'shop.eu')?.additional_fields).toEqual([{ field_id: 1, value: 'AT' }]);
    expect(kept.find((d) => d.name === 'shop.uk')?.additional_fields).toEqual([{ field_id: 4, value: 'xyz' }]);
    const saves = calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body]);
    expect(saves).toEqual([
      ['/session/cart/items/rowd/additional-fields', { line: { kind: 'LINE_KIND_DOMAIN', domain: 'shop.eu' }, additional_fields: [{ field_id: 1, value: 'AT' }] }],
      ['/session/cart/items/rowd/additional-fields', { line: { kind: 'LINE_KIND_DOMAIN', domain: 'shop.uk' }, additional_fields: [{ field_id: 4, value: 'xyz' }] }],
    ]);
  });

  it('skips the step when no chosen domain has fields to fill', async () => {
    cartWith('shop.de');
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields');
    await waitFor(() => expect(location()).toBe('/domains/do-you-want-to-add-a-product?d=shop.de'));
  });

  it('shows postponed fields in post-fill (p=y)', async () => {
    cartWith('shop.de');
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields?p=y');
    const de = await screen.findByRole('group', { name: 'shop.de' });
    expect(within(de).getByLabelText('Own name server 1')).toBeTruthy();
  });

  it('fills in the fields of an item’s domains and goes back to the cart when opened from it', async () => {
    const user = userEvent.setup();
    cart = fakeCart([cartItem('rowm', 1002, ['shop.uk'])], [{ id: 1002, name: 'Webhosting M' }]);
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields?id=rowm');
    const uk = await screen.findByRole('group', { name: 'shop.uk' });
    await user.type(within(uk).getByLabelText('Registrant type'), 'ltd');
    const save = screen.getByRole('button', { name: 'Save and proceed' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(cart.state.items[0].domains[0].additional_fields).toEqual([{ field_id: 4, value: 'ltd' }]);
  });
});

describe('additional domain fields, exits of the external sign-in (spec §2, issue 22 gap 6)', () => {
  const panelCustomer = (order_type: string) => ({
    customer_no: '10042', basic_info: null, address: null, validated: false, vat_id_check: null,
    panel: { order_type, webhosting_id: '', category_slug: '', external_product_id: '' },
  });

  async function fillUkAndSave() {
    const user = userEvent.setup();
    const uk = await screen.findByRole('group', { name: 'shop.uk' });
    await user.type(within(uk).getByLabelText('Registrant type'), 'ltd');
    const save = screen.getByRole('button', { name: 'Save and proceed' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
  }

  it('sends a cloud-panel domains order to post-fill with p=y after saving', async () => {
    sessionCustomer = panelCustomer('cloudpit_domains');
    cartWith('shop.uk', 'shop.de');
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields');
    await fillUkAndSave();
    await waitFor(() => expect(location()).toBe('/postfill/domains?id=rowd&p=y'));
    expect(cart.state.items[0].domains.find((d) => d.name === 'shop.uk')?.additional_fields).toEqual([{ field_id: 4, value: 'ltd' }]);
  });

  it('sends a cloud-panel domains order with nothing to fill to post-fill with p=y too', async () => {
    sessionCustomer = panelCustomer('cloudpit_domains');
    cartWith('shop.de');
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields');
    await waitFor(() => expect(location()).toBe('/postfill/domains?id=rowd&p=y'));
  });

  it('ends the post-fill step of a cloud-panel domains order on the post-fill walk, not in a loop', async () => {
    sessionCustomer = panelCustomer('cloudpit_domains');
    cartWith('shop.de');
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields?id=rowd&p=y');
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'shop.de' });
    const save = screen.getByRole('button', { name: 'Save and proceed' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(location()).toBe('/postfill'));
  });

  it('sends another external sign-in (panel order type redirect) to confirm', async () => {
    sessionCustomer = panelCustomer('redirect');
    cartWith('shop.uk');
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields');
    await fillUkAndSave();
    await waitFor(() => expect(location()).toBe('/confirm'));
  });

  it('keeps the guided flow for a customer who did not come from the panel', async () => {
    sessionCustomer = { ...panelCustomer(''), panel: null };
    cartWith('shop.uk');
    fakeApi(() => ({ valid: true, errors: [] }));
    renderDomains('/domains/additional-domain-fields');
    await fillUkAndSave();
    await waitFor(() => expect(location()).toBe('/domains/do-you-want-to-add-a-product?d=shop.uk'));
  });

  // Spec §6: preconfigured items are non-interactive except for sales agents; the cart service
  // refuses the change (403), so the screen does not offer it.
  it.each([
    ['/domains/additional-domain-fields?id=rowd'],
    ['/domains/additional-domain-fields'],
    ['/domains/additional-domain-fields?id=rowd&p=y'],
  ])('sends a customer who opens %s of a preconfigured item by URL to the cart', async (path) => {
    cart = fakeCart([cartItem('rowd', DOMAIN_ONLY.id, ['shop.uk'], { is_preconfigured: true })]);
    const calls = installFakeApi((req) => {
      if (req.path === '/admins/me') return new Response(null, { status: 204 });
      return cart.handle(req) ?? (req.path === '/domains' ? { tlds } : undefined);
    });
    renderDomains(path);
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(screen.queryByRole('button', { name: 'Save and proceed' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('lets a sales agent fill in the domain fields of a preconfigured item', async () => {
    cart = fakeCart([cartItem('rowd', DOMAIN_ONLY.id, ['shop.uk'], { is_preconfigured: true })]);
    installFakeApi((req) => {
      if (req.path === '/admins/me') return { id: 'agent-7', is_sales_agent: true };
      return cart.handle(req) ?? (req.path === '/domains' ? { tlds } : undefined);
    });
    renderDomains('/domains/additional-domain-fields?id=rowd');
    expect(await screen.findByRole('group', { name: 'shop.uk' })).toBeTruthy();
  });
});
