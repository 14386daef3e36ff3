import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { brand, customer, installCustomerApi, json, privatePerson, renderCustomer, shownLocation, type FakeState } from './test-utils';
import { countryName, phonePlaceholder } from './address-page';

const withBasicInfo = () => customer({ basic_info: privatePerson });

async function fill(street: string, postalCode: string, city: string, phone: string) {
  await userEvent.type(screen.getByLabelText(/Street/), street);
  await userEvent.type(screen.getByLabelText(/Postcode/), postalCode);
  await userEvent.clear(screen.getByLabelText(/Town or city/));
  await userEvent.type(screen.getByLabelText(/Town or city/), city);
  await userEvent.type(screen.getByLabelText(/Phone/), phone);
}

describe('address (spec §2 "Address", §5)', () => {
  beforeEach(() => {
    (window as { dataLayer?: unknown[] }).dataLayer = [];
  });

  it('returns to basic info while no first name is stored', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/address');
    await waitFor(() => expect(shownLocation()).toBe('/customer/basic-info'));
  });

  it('lists countries by their order by their names (no flag emoji), defaults to the brand country and resets postcode and city on change', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: withBasicInfo(), cartItems: 1 });
    renderCustomer('/customer/address');
    await screen.findByRole('heading', { name: 'Your address' });
    const country = (await screen.findByRole('option', { name: /Germany/ })).parentElement as HTMLSelectElement;
    expect([...country.options].map((o) => o.value)).toEqual(['DE', 'AT', 'CH']);
    expect(country.value).toBe('DE');
    expect(country.options[0].textContent).toBe('Germany');
    await userEvent.type(screen.getByLabelText(/Postcode/), '10115');
    // The zip list of the brand's country fills the city.
    await waitFor(() => expect((screen.getByLabelText(/Town or city/) as HTMLInputElement).value).toBe('Berlin'));
    await userEvent.selectOptions(country, 'AT');
    expect((screen.getByLabelText(/Postcode/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Town or city/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).placeholder).toBe('+49 231 12345678');
    expect((window as { dataLayer?: { event?: string }[] }).dataLayer?.some((e) => e.event === 'checkout_page_view')).toBe(true);
  });

  it("shows the server's message at the phone field, then saves and goes on to payment", async () => {
    let refuse = true;
    const state: FakeState = {
      brand: brand('alpenhost'),
      customer: withBasicInfo(),
      cartItems: 1,
      save: (req) => {
        if (refuse) return json({ error: 'validation.failed', errors: { phone: ['customer.phone_invalid'] } }, 400);
        state.customer = { ...state.customer, address: req.body };
        return { customer: state.customer, notices: [{ key: 'customer.country_not_supported', type: 'warning', params: {} }] };
      },
    };
    const seen = installCustomerApi(state);
    renderCustomer('/customer/address');
    await screen.findByRole('heading', { name: 'Your address' });
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).placeholder).toBe('+43 1 234 5678');
    // Alpenhost offers no login: the button just goes on.
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    // A number the browser's check accepts: what is refused here is the server's answer.
    await fill('Ring 1', '1010', 'Wien', '+43 1 58801');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/valid phone number/)).toBeTruthy();
    expect(shownLocation()).toBe('/customer/address');
    refuse = false;
    await userEvent.clear(screen.getByLabelText(/Phone/));
    await userEvent.type(screen.getByLabelText(/Phone/), '+43 1 5880');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/payment'));
    expect(seen.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 5880' });
  });

  it("names the countries in the shop's language and searches those names (issue 23)", async () => {
    installCustomerApi({ brand: brand('alpenhost'), customer: withBasicInfo(), cartItems: 1 });
    renderCustomer('/customer/address', { locale: 'de-DE' });
    await screen.findByRole('option', { name: /Deutschland/ });
    const select = screen.getByLabelText(/^Land/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Deutschland', 'Österreich', 'Schweiz']);
    // No regional-indicator symbols: without an emoji font they render as letter pairs.
    expect([...select.options].some((o) => /[\u{1F1E6}-\u{1F1FF}]/u.test(o.textContent ?? ''))).toBe(false);
    expect(select.value).toBe('AT');
    expect(screen.queryByRole('option', { name: /Germany|Austria/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('Nach einem Land suchen'), 'schw');
    expect([...select.options].map((o) => o.value)).toEqual(['AT', 'CH']);
  });

  it('takes the country name from the platform, else the given one', () => {
    expect(countryName('AT', 'de-DE')).toBe('Österreich');
    expect(countryName('AT', 'en-GB')).toBe('Austria');
    expect(countryName('DE', 'de-DE')).toBe('Deutschland');
    expect(countryName('XK', 'de-DE', 'Kosovo')).toBe('Kosovo');
    expect(countryName('1', 'de-DE', 'Nowhere')).toBe('Nowhere');
  });

  it('narrows the country list by the search, keeping the chosen country', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: withBasicInfo(), cartItems: 1 });
    renderCustomer('/customer/address');
    await screen.findByRole('option', { name: /Austria/ });
    await userEvent.type(screen.getByLabelText('Search for a country'), 'swi');
    const select = screen.getByLabelText(/^Country/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['DE', 'CH']);
    await userEvent.selectOptions(select, 'CH');
    expect(select.value).toBe('CH');
    await userEvent.clear(screen.getByLabelText('Search for a country'));
    expect([...select.options].map((o) => o.value)).toEqual(['DE', 'AT', 'CH']);
  });

  it('names the button after the account creation when login is offered', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: withBasicInfo(), cartItems: 1 });
    renderCustomer('/customer/address');
    expect(await screen.findByRole('button', { name: 'Create account and continue' })).toBeTruthy();
    await act(async () => undefined);
  });

  it('places the phone hint per brand country', () => {
    // Austria's format (Vienna), not a German area code behind +43 (issue 23).
    expect(phonePlaceholder('AT')).toBe('+43 1 234 5678');
    expect(phonePlaceholder('DE')).toBe('+49 231 12345678');
    expect(phonePlaceholder(undefined)).toBe('+49 231 12345678');
  });
});
