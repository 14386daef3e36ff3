import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeenRequest } from '@hostcart/shared-testing';
import { brand, customer, installCustomerApi, json, privatePerson, renderCustomer, shownLocation, type FakeState } from './test-utils';

/** Sets an input's value at once (long values typed key by key would only slow the test down). */
const set = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: RegExp) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const puts = (seen: SeenRequest[]) => seen.filter((r) => r.method === 'PUT');

describe('the §5 rules in the browser (spec §5 "Customer basic info", "Address", §9 field lengths)', () => {
  it('basic info: names, company name and VAT id at most 100 characters (the VAT id without spaces), a valid e-mail', async () => {
    const state: FakeState = { brand: brand('hostwerk'), customer: customer(), cartItems: 1 };
    const seen = installCustomerApi(state);
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Company'));
    await userEvent.click(screen.getByLabelText('Mr')); // nothing is preselected
    set(/First name/, 'a'.repeat(101));
    set(/Last name/, 'b'.repeat(101));
    set(/Company name/, 'c'.repeat(101));
    set(/VAT ID/, 'D'.repeat(101));
    set(/E-mail/, 'erika@example');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(errorOf(/First name/)).toBe('Please enter at most 100 characters.'));
    expect(errorOf(/Last name/)).toBe('Please enter at most 100 characters.');
    expect(errorOf(/Company name/)).toBe('Please enter at most 100 characters.');
    expect(errorOf(/VAT ID/)).toBe('Please enter at most 100 characters.');
    expect(errorOf(/E-mail/)).toBe('Please enter a valid e-mail address.');
    // Focus lands on the first refused field, for keyboard and screen-reader users.
    expect(document.activeElement).toBe(screen.getByLabelText(/First name/));
    expect(puts(seen)).toHaveLength(0);

    // At the limits everything passes; spaces in the VAT id do not count (they are stripped).
    set(/First name/, 'a'.repeat(100));
    set(/Last name/, 'b'.repeat(100));
    set(/Company name/, 'c'.repeat(100));
    set(/VAT ID/, `${'D'.repeat(50)}   ${'E'.repeat(50)}`);
    set(/E-mail/, ' erika@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/customer/address'));
    expect(puts(seen)[0].body).toEqual({
      group: 0,
      gender: 0,
      first_name: 'a'.repeat(100),
      last_name: 'b'.repeat(100),
      company_name: 'c'.repeat(100),
      company_vat_id: `${'D'.repeat(50)}${'E'.repeat(50)}`,
      email: 'erika@example.com',
    });
  });

  it('basic info: a company needs its name, a private person does not', async () => {
    const seen = installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Company'));
    await userEvent.click(screen.getByLabelText('Ms'));
    set(/First name/, 'Erika');
    set(/Last name/, 'Musterfrau');
    set(/E-mail/, 'erika@example.com');
    set(/Company name/, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(errorOf(/Company name/)).toBe('Company name (including legal form) is required.'));
    expect(puts(seen)).toHaveLength(0);

    await userEvent.click(screen.getByLabelText('Private person'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/customer/address'));
    expect(puts(seen)[0].body).toMatchObject({ group: 1, company_name: '', company_vat_id: '' });
  });

  it("basic info: the server's refusal of the order-as and salutation choices is shown in their groups", async () => {
    const state: FakeState = {
      brand: brand('hostwerk'),
      customer: customer(),
      cartItems: 1,
      save: () => json({ error: 'validation.failed', errors: { group: ['customer.group_not_allowed'], gender: ['validation.required'] } }, 400),
    };
    installCustomerApi(state);
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Ms'));
    set(/First name/, 'Erika');
    set(/Last name/, 'Musterfrau');
    set(/E-mail/, 'erika@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const orderAs = await screen.findByRole('group', { name: 'I am ordering as' });
    await waitFor(() => expect(orderAs.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(orderAs.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'This shop does not take orders of this kind. Please choose the other option.',
    );
    const salutation = screen.getByRole('group', { name: 'Salutation' });
    expect(document.getElementById(salutation.getAttribute('aria-describedby') as string)?.textContent).toBe('Salutation is required.');
    expect(shownLocation()).toBe('/customer/basic-info');
  });

  it('address: every field required, street 200, postcode 10, city 100, phone only digits, spaces and +', async () => {
    const state: FakeState = { brand: brand('alpenhost'), customer: customer({ basic_info: privatePerson }), cartItems: 1 };
    const seen = installCustomerApi(state);
    renderCustomer('/customer/address');
    await screen.findByRole('heading', { name: 'Your address' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(errorOf(/Street/)).toBe('Street and house number is required.'));
    expect(errorOf(/Postcode/)).toBe('Postcode is required.');
    expect(errorOf(/Town or city/)).toBe('Town or city is required.');
    expect(errorOf(/Phone/)).toBe('Phone number is required.');
    expect(document.activeElement).toBe(screen.getByLabelText(/Street/));

    set(/Street/, 's'.repeat(201));
    set(/Postcode/, '1'.repeat(11));
    set(/Town or city/, 'w'.repeat(101));
    set(/Phone/, '+43 (1) 58801');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(errorOf(/Street/)).toBe('Please enter at most 200 characters.'));
    expect(errorOf(/Postcode/)).toBe('Please enter at most 10 characters.');
    expect(errorOf(/Town or city/)).toBe('Please enter at most 100 characters.');
    expect(errorOf(/Phone/)).toBe('Please enter a valid phone number for the chosen country, using digits, spaces and a leading +.');
    expect(puts(seen)).toHaveLength(0);

    set(/Street/, 's'.repeat(200));
    set(/Postcode/, '1'.repeat(10));
    set(/Town or city/, 'w'.repeat(100));
    set(/Phone/, ' +43 1 58801 ');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/payment'));
    expect(puts(seen)[0].body).toEqual({ street: 's'.repeat(200), postal_code: '1'.repeat(10), city: 'w'.repeat(100), country_code: 'AT', phone: '+43 1 58801' });
  });

  it('address: the phone is checked per country as the server does (libs/testvectors/phone.json)', async () => {
    const state: FakeState = { brand: brand('alpenhost'), customer: customer({ basic_info: privatePerson }), cartItems: 1 };
    const seen = installCustomerApi(state);
    renderCustomer('/customer/address');
    await screen.findByRole('heading', { name: 'Your address' });
    set(/Street/, 'Ring 1');
    set(/Postcode/, '1010');
    set(/Town or city/, 'Wien');
    // An Austrian mobile number far too short: only digits and spaces, but no number of Austria.
    set(/Phone/, '0664 12');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(errorOf(/Phone/)).toBe('Please enter a valid phone number for the chosen country, using digits, spaces and a leading +.'));
    expect(puts(seen)).toHaveLength(0);

    set(/Phone/, '0664 1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/payment'));
    expect(puts(seen)[0].body).toMatchObject({ country_code: 'AT', phone: '0664 1234567' });
  });

  it('basic info: the VAT id takes the characters VAT ids are written with, as the server does', async () => {
    const seen = installCustomerApi({ brand: brand('hostwerk'), customer: customer(), cartItems: 1 });
    renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Company'));
    await userEvent.click(screen.getByLabelText('Ms'));
    set(/First name/, 'Erika');
    set(/Last name/, 'Musterfrau');
    set(/Company name/, 'Muster GmbH');
    set(/VAT ID/, 'DE_123456789');
    set(/E-mail/, 'erika@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(errorOf(/VAT ID/)).toMatch(/VAT ID with its country code/));
    expect(puts(seen)).toHaveLength(0);
  });
});
