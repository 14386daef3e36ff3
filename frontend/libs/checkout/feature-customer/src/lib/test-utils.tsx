import { Route, Routes } from 'react-router-dom';
import type { Brand, CustomerResponse, SessionCustomer } from '@hostcart/shared-data-access-api';
import { createAppStore } from '@hostcart/shared-store';
import { installFetch, json, renderWithApp, type SeenRequest } from '@hostcart/shared-testing';
import { AddressPage } from './address-page';
import { BasicInfoPage } from './basic-info-page';
import { LoginOrRegisterPage } from './login-or-register-page';
import { LogoutPage } from './logout-page';

export { apiError, json, shownLocation } from '@hostcart/shared-testing';

/** Hostwerk offers login (authority + allow_crm) and takes both kinds; Alpenhost (AT) no login. */
export function brand(slug: 'hostwerk' | 'alpenhost', props: Record<string, string> = {}): Brand {
  const hostwerk = slug === 'hostwerk';
  return {
    id: hostwerk ? 1 : 2,
    name: hostwerk ? 'Hostwerk' : 'Alpenhost',
    slug,
    fqdn: hostwerk ? 'shop.hostwerk.de' : 'shop.alpenhost.at',
    is_visible: true,
    locales: [],
    properties: {
      allow_companies: 'true',
      allow_private_persons: 'true',
      allow_crm: String(hostwerk),
      country_code: hostwerk ? 'DE' : 'AT',
      terms_private_url: 'https://example.test/terms-private',
      terms_business_url: 'https://example.test/terms-business',
      ...(hostwerk ? { oauth_authority_url: 'https://login.hostwerk.de' } : {}),
      ...props,
    },
  };
}

export function customer(extra: Partial<SessionCustomer> = {}): SessionCustomer {
  return { customer_no: '', basic_info: null, address: null, validated: false, vat_id_check: null, panel: null, brand_id: 0, ...extra };
}

export const privatePerson = {
  group: 1,
  gender: 0,
  first_name: 'Max',
  last_name: 'Mustermann',
  company_name: '',
  company_vat_id: '',
  email: 'max@example.com',
};

export interface FakeState {
  brand: Brand;
  customer: SessionCustomer;
  cartItems: number;
  /** The answer of GET /session/cart/priced (the cart total of the action bar); 404 without. */
  priced?: unknown;
  /** Answers of the form routes; the default stores what was sent. */
  save?: (req: SeenRequest) => Response | CustomerResponse;
}

/** A fake /api/v2 over state: brand, cart, countries, zip codes and the customer routes. */
export function installCustomerApi(state: FakeState): SeenRequest[] {
  return installFetch((req) => {
    const answer = (c: SessionCustomer): CustomerResponse => ({ customer: c, notices: [] });
    switch (true) {
      case req.path === '/brands/current':
        return state.brand;
      case req.path === '/session/cart':
        return { cart: { items: Array.from({ length: state.cartItems }, (_, i) => ({ row_id: `r${i}`, product: { id: 1 }, addons: [], upsells: [], domains: [] })), version: 1 }, notices: [] };
      case req.path === '/session/cart/priced':
        return state.priced;
      case req.path === '/session/customer':
        return answer(state.customer);
      case req.path === '/countries':
        return { countries: [
          { id: 2, code: 'AT', name: 'Austria', phone_prefix: '+43', order: 2 },
          { id: 1, code: 'DE', name: 'Germany', phone_prefix: '+49', order: 1 },
          { id: 3, code: 'CH', name: 'Switzerland', phone_prefix: '+41', order: 3 },
        ] };
      case req.path.startsWith('/zipcodes/'):
        return { zip_codes: [{ code: '10115', city: 'Berlin', country_code: 'DE' }, { code: '10117', city: 'Berlin', country_code: 'DE' }] };
      case req.method === 'PUT' && (req.path === '/session/basic-info' || req.path === '/session/address-info'): {
        if (state.save) return state.save(req);
        state.customer = req.path === '/session/basic-info' ? { ...state.customer, basic_info: req.body } : { ...state.customer, address: req.body };
        return json(answer(state.customer));
      }
    }
    return undefined;
  });
}

/** The customer screens at their paths, as the checkout remote mounts them. */
export function renderCustomer(path: string, { state, locale = 'en-GB' }: { state?: unknown; locale?: string } = {}) {
  return renderWithApp(
    <Routes>
      <Route path="/customer/login-or-register" element={<LoginOrRegisterPage />} />
      <Route path="/customer/logout" element={<LogoutPage />} />
      <Route path="/customer/basic-info" element={<BasicInfoPage />} />
      <Route path="/customer/address" element={<AddressPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path, state, locale, store: createAppStore() },
  );
}
