import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectNotifications } from '@hostcart/shared-store';
import type { CustomerNotice, SessionCustomer } from '@hostcart/shared-data-access-api';
import { installFetch } from '@hostcart/shared-testing';
import { brand, customer, installCustomerApi, privatePerson, renderCustomer, shownLocation, type FakeState } from './test-utils';

const COUNTRY_RESET: CustomerNotice = { key: 'customer.country_not_supported', type: 'warning', params: {} };

/**
 * The fake API of test-utils, with notices on the first GET /session/customer and on the saves:
 * the service answers a reset address once, with the notice, and stores it reset.
 */
function withNotices(state: FakeState, { onLoad = [] as CustomerNotice[], onSave = [] as CustomerNotice[] } = {}) {
  const fake = installCustomerApi(state);
  const base = globalThis.fetch;
  let loads = 0;
  installFetch(async (req) => {
    const answer = (c: SessionCustomer, notices: CustomerNotice[]) => ({ customer: c, notices });
    if (req.method === 'GET' && req.path === '/session/customer') return answer(state.customer, loads++ === 0 ? onLoad : []);
    if (req.method === 'PUT' && req.path === '/session/basic-info') {
      state.customer = { ...state.customer, basic_info: req.body };
      return answer(state.customer, onSave);
    }
    return base(new Request(`http://localhost/api/v2${req.path}`, { method: req.method }));
  });
  return fake;
}

const shown = (store: ReturnType<typeof renderCustomer>['store'], key: string) => selectNotifications(store.getState()).filter((n) => n.message === key);

describe('customer notices (spec §4 "Customer validation", §8 "country no longer supported")', () => {
  it('shows the notice the loaded customer carries once, also when the next screen reads the cached customer', async () => {
    const state: FakeState = {
      brand: brand('hostwerk'),
      // The service reset the stored Swiss address to the brand's country, city and postcode cleared.
      customer: customer({ basic_info: privatePerson, address: { street: 'Bahnhofstrasse 1', postal_code: '', city: '', country_code: 'DE', phone: '+49 30 1234567' } }),
      cartItems: 1,
    };
    withNotices(state, { onLoad: [COUNTRY_RESET] });
    const { store } = renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await waitFor(() => expect(shown(store, 'customer.country_not_supported')).toHaveLength(1));
    expect(shown(store, 'customer.country_not_supported')[0].type).toBe('warning');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownLocation()).toBe('/customer/address'));
    await screen.findByRole('heading', { name: 'Your address' });
    expect(shown(store, 'customer.country_not_supported')).toHaveLength(1);
    // The reset address is what the form starts from.
    expect((screen.getByLabelText(/Street/) as HTMLInputElement).value).toBe('Bahnhofstrasse 1');
    expect((screen.getByLabelText(/Town or city/) as HTMLInputElement).value).toBe('');
  });

  it("shows a save's notice once: the address screen's guard does not repeat it from the cache", async () => {
    const state: FakeState = { brand: brand('alpenhost'), customer: customer(), cartItems: 1 };
    withNotices(state, { onSave: [{ key: 'customer.vat_id_unchecked', type: 'info', params: {} }] });
    const { store } = renderCustomer('/customer/basic-info');
    await screen.findByRole('heading', { name: 'Your details' });
    await userEvent.click(screen.getByLabelText('Ms'));
    await userEvent.type(screen.getByLabelText(/First name/), 'Anna');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Berger');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Your address' });
    const notices = shown(store, 'customer.vat_id_unchecked');
    expect(notices).toHaveLength(1);
    expect(notices[0].type).toBe('info');
  });
});
