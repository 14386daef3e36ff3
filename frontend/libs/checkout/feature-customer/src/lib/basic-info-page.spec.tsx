import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, brand, customer, installCustomerApi, json, privatePerson, renderCustomer, shownLocation, type FakeState } from './test-utils';

describe('basic info (spec §2, §5 "Customer basic info")', () => {
  it('refuses an empty form client-side, naming each required field, and sends nothing', async () => {
    const seen = installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First name is required.')).toBeTruthy();
    expect(screen.getByText('Last name is required.')).toBeTruthy();
    expect(screen.getByText('E-mail address is required.')).toBeTruthy();
    expect(screen.getByLabelText(/First name/)).toHaveProperty('ariaInvalid', 'true');
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('preselects no salutation: the visitor chooses, else the form says so and sends nothing (issue 23)', async () => {
    const seen = installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/basic-info', { locale: 'de-DE' });
    await screen.findByRole('heading', { name: 'Ihre Angaben' });
    expect((screen.getByLabelText('Herr') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Frau') as HTMLInputElement).checked).toBe(false);
    await userEvent.type(screen.getByLabelText(/Vorname/), 'Max');
    await userEvent.type(screen.getByLabelText(/Nachname/), 'Mustermann');
    await userEvent.type(screen.getByLabelText(/E-Mail/), 'max@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte wählen Sie eine Anrede.')).toBeTruthy();
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByLabelText('Herr'));
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body.gender).toBe(0));
  });

  it('keeps the salutation a customer saved before', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: customer({ basic_info: { ...privatePerson, gender: 0 } }), cartItems: 1 });
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    expect((screen.getByLabelText('Mr') as HTMLInputElement).checked).toBe(true);
  });

  it.each([
    ['hostwerk', 'USt-IdNr. (optional)'],
    ['alpenhost', 'UID-Nr. (optional)'],
  ] as const)("names the VAT id as %s's country does", async (slug, label) => {
    installCustomerApi({ brand: brand(slug), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/basic-info', { locale: 'de-DE' });
    await screen.findByRole('heading', { name: 'Ihre Angaben' });
    await userEvent.click(screen.getByLabelText('Unternehmen'));
    expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('drops the company fields of a private person and goes on to the address', async () => {
    const state: FakeState = { brand: brand('hostwerk'), customer: customer(), cartItems: 1 };
    const seen = installCustomerApi(state);
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Company'));
    await userEvent.type(screen.getByLabelText(/Company name/), 'Muster GmbH');
    await userEvent.type(screen.getByLabelText(/VAT ID/), 'DE 123 456 789');
    await userEvent.click(screen.getByLabelText('Private person'));
    expect(screen.queryByLabelText(/Company name/)).toBeNull();
    await userEvent.click(screen.getByLabelText('Ms'));
    await userEvent.type(screen.getByLabelText(/First name/), ' Erika ');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Mustermann');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'erika@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/customer/address'));
    const put = seen.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ group: 1, gender: 1, first_name: 'Erika', last_name: 'Mustermann', company_name: '', company_vat_id: '', email: 'erika@example.com' });
  });

  it("shows the server's first message at its field and clears it on editing", async () => {
    const state: FakeState = {
      brand: brand('alpenhost'),
      customer: customer(),
      cartItems: 1,
      save: () => json({ error: 'validation.failed', errors: { email: ['validation.email', 'validation.max_length'], company_name: ['validation.required'] } }, 400),
    };
    installCustomerApi(state);
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Company'));
    await userEvent.type(screen.getByLabelText(/Company name/), 'X');
    await userEvent.click(screen.getByLabelText('Ms'));
    await userEvent.type(screen.getByLabelText(/First name/), 'Anna');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Berger');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Company name (including legal form) is required.')).toBeTruthy();
    expect(screen.queryByText(/at most/)).toBeNull();
    expect(shownLocation()).toBe('/customer/basic-info');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'x');
    await waitFor(() => expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull());
  });

  it('forces the only kind a brand allows and hides the switch', async () => {
    const seen = installCustomerApi({ brand: brand('hostwerk', { allow_private_persons: 'false' }), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    expect(screen.queryByText('I am ordering as')).toBeNull();
    expect(screen.getByLabelText(/Company name/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Company name/), 'Muster GmbH');
    await userEvent.click(screen.getByLabelText('Ms'));
    await userEvent.type(screen.getByLabelText(/First name/), 'Erika');
    await userEvent.type(screen.getByLabelText(/Last name/), 'M');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'e@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body.group).toBe(0));
  });

  it('shows an outage as a message of the form', async () => {
    installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1, save: () => apiError(503, 'customer.unavailable') });
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Mr'));
    await userEvent.type(screen.getByLabelText(/First name/), 'Max');
    await userEvent.type(screen.getByLabelText(/Last name/), 'M');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'm@example.com');
    fireEvent.submit(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your details cannot be saved right now. Please try again in a moment.');
  });

  describe('guards (spec §4)', () => {
    it('sends a visitor with an empty cart to /', async () => {
      installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 0 });
      renderCustomer('/customer/basic-info');
      await waitFor(() => expect(shownLocation()).toBe('/'));
    });

    it('sends an existing customer to confirm', async () => {
      installCustomerApi({ brand: brand('hostwerk'), customer: customer({ customer_no: '100001', validated: true }), cartItems: 1 });
      renderCustomer('/customer/basic-info');
      await waitFor(() => expect(shownLocation()).toBe('/confirm'));
      expect(localStorage.getItem('customer_number')).toBe('100001');
    });

    it('goes back to login when login is offered, else to the cart', async () => {
      installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
      const { unmount } = renderCustomer('/customer/basic-info');
      expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe('/customer/login-or-register');
      unmount();
      installCustomerApi({ brand: brand('alpenhost'), customer: customer(), cartItems: 1 });
      renderCustomer('/customer/basic-info');
      expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe('/cart');
    });
  });
});
