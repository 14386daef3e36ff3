import { Route, Routes } from 'react-router-dom';
import type { Brand, Order, SessionCustomer } from '@hostcart/shared-data-access-api';
import { createAppStore } from '@hostcart/shared-store';
import { cartPresentation, installFetch, linePresentation, renderWithApp, type SeenRequest } from '@hostcart/shared-testing';
import { CancelPaypalSubscriptionPage } from './cancel-paypal-page';
import { ConfirmPage, type ConfirmPageProps } from './confirm-page';
import { PostfillPage } from './postfill-page';
import { SmsValidationPage } from './sms-validation-page';
import { SuccessPage } from './success-page';

export { apiError, json, shownLocation } from '@hostcart/shared-testing';

export function brand(props: Record<string, string> = {}): Brand {
  return {
    id: 2,
    name: 'Alpenhost',
    slug: 'alpenhost',
    fqdn: 'shop.alpenhost.at',
    is_visible: true,
    locales: [],
    properties: {
      country_code: 'AT',
      terms_private_url: 'https://example.test/terms',
      privacy_url: 'https://example.test/privacy',
      display_prices_with_vat: 'true',
      ...props,
    },
  };
}

export const basicInfo = { group: 1, gender: 0, first_name: 'Anna', last_name: 'Berger', company_name: '', company_vat_id: '', email: 'anna@example.com' };
export const address = { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' };

export function customer(extra: Partial<SessionCustomer> = {}): SessionCustomer {
  return { customer_no: '', basic_info: basicInfo, address, validated: true, vat_id_check: null, ...extra } as SessionCustomer;
}

export function order(extra: Partial<Order> = {}): Order {
  return {
    order_id: '01JORDER',
    order_code: 'HW-1001',
    status: 'placed',
    sms_required: false,
    sms_validated: false,
    payment_type: 'sepa',
    totals: { net_cents: '1000', vat_cents: '190', gross_cents: '1190', currency: 'EUR' },
    lines: [{ name: 'Web hosting S', kind: 'product', net_cents: '1000', gross_cents: '1190' }],
    created_at: '2026-11-25T10:00:00Z',
    referral_id: '',
    referral_source: '',
    sepa_mandate_reference: '',
    sepa_creditor_id: '',
    sepa_creditor_name: '',
    ...extra,
  };
}

const line = (id: number, name: string) => ({
  id,
  name,
  maturity_id: 1,
  maturity_months: 12,
  interval_id: 1,
  interval_months: 12,
  vat_percent: 19,
  cancelation_period: 90,
  price: { one_time: false, display_cents: 449, show_price: true, monthly_net_cents: 377, monthly_gross_cents: 449, monthly_display_cents: 449, setup_fee_net_cents: 0, setup_fee_gross_cents: 0, setup_fee_display_cents: 0, contract_net_cents: 0, contract_gross_cents: 0, contract_display_cents: 0, minimum_period_cents: 0, total_net_cents: 0, total_vat_cents: 0, total_gross_cents: 0, total_display_cents: 0, presentation: linePresentation(449) },
  promotion: null,
  hide_in_cart: false,
  non_removable: false,
  missing_field_ids: [],
});

function pricedCart(items: number, requiredAgreements: string[], pricesWithVat: boolean, smsValidation = false) {
  const rows = Array.from({ length: items }, (_, i) => `r${i}`);
  return {
    priced: {
      cart: { items: rows.map((r) => ({ row_id: r, product: { id: 1, maturity_id: 1, interval_id: 1, promotion: '', additional_fields: [] }, addons: [], upsells: [], domains: [] })), version: '1' },
      items: rows.map((r) => ({ row_id: r, is_preconfigured: false, product: line(1, 'Web hosting S'), addons: [], upsells: [], domains: [], missing_domain: false, invalid: false, total_net_cents: 0, total_gross_cents: 0, total_display_cents: 0 })),
      totals: { monthly_net_cents: 377, monthly_gross_cents: 449, monthly_display_cents: 449, setup_fee_net_cents: 0, contract_net_cents: 0, discount_net_cents: 0, discount_display_cents: 0, total_net_cents: 4524, total_vat_cents: 864, total_gross_cents: 5388, total_display_cents: 5388,
        // 12 × 4,49 € per line, as the presentation prints it (a net brand: 12 × 3,77 € plus VAT).
        presentation: pricesWithVat
          ? cartPresentation({ subtotal_cents: 5388 * items, first_term_cents: 5388 * items, due_today_cents: 5388 * items, due_today_net_cents: 4528 * items, due_today_vat_cents: 860 * items, due_today_gross_cents: 5388 * items, renewal_monthly_cents: 449 * items, net_cents: 4528 * items, vat_cents: 860 * items, gross_cents: 5388 * items })
          : cartPresentation({ subtotal_cents: 4524 * items, first_term_cents: 4524 * items, due_today_cents: 4524 * items, due_today_net_cents: 4524 * items, due_today_vat_cents: 860 * items, due_today_gross_cents: 5384 * items, renewal_monthly_cents: 377 * items, net_cents: 4524 * items, vat_cents: 860 * items, gross_cents: 5384 * items }) },
      prices_with_vat: pricesWithVat,
      hide_zero_prices: false,
      promotions_unavailable: false,
      required_agreements: requiredAgreements,
      sms_validation: smsValidation,
      checkout_blocked: false,
      item_count: items,
      vat_reason: 'domestic',
      session_vat_percent: 19,
      vat_unavailable: false,
    },
    notices: [],
  };
}

export interface OrderApiState {
  brand?: Brand;
  customer?: SessionCustomer;
  cartItems?: number;
  payment?: { type: string; iban?: string; holder?: string } | null;
  requiredAgreements?: string[];
  /** The priced cart's prices_with_vat (a net brand: false). */
  pricesWithVat?: boolean;
  /** The priced cart's sms_validation (a product or addon asks for the SMS code). */
  smsValidation?: boolean;
  /** Answers of the routes under test; undefined falls back to the defaults below. */
  routes?: Record<string, (req: SeenRequest, n: number) => unknown>;
}

/** A call that carried an Idempotency-Key: its path below /api/v2 and the key. */
export interface KeyedCall {
  path: string;
  key: string;
}

/**
 * A fake /api/v2 with the brand, cart, priced cart, customer, payment types and session payment;
 * routes named "METHOD /path" answer the calls under test (n counts the calls of that route).
 * Answers the requests seen and the calls that carried an Idempotency-Key.
 */
export function installOrderApi(state: OrderApiState = {}): { seen: SeenRequest[]; keyed: KeyedCall[] } {
  const counts = new Map<string, number>();
  const seen = installFetch((req) => {
    const name = `${req.method} ${req.path}`;
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    const custom = state.routes?.[name];
    if (custom) return custom(req, n);
    switch (req.path) {
      case '/brands/current':
        return state.brand ?? brand();
      case '/session/cart': {
        const rows = Array.from({ length: state.cartItems ?? 1 }, (_, i) => ({ row_id: `r${i}`, product: { id: 1, additional_fields: [] }, addons: [], upsells: [], domains: [] }));
        return { cart: { items: rows, version: 1 }, notices: [] };
      }
      case '/session/cart/priced':
        return pricedCart(state.cartItems ?? 1, state.requiredAgreements ?? [], state.pricesWithVat ?? true, state.smsValidation ?? false);
      case '/session/customer':
        return { customer: state.customer ?? customer(), notices: [] };
      case '/payment-types':
        return {
          payment_types: [
            { slug: 'sepa', name: 'SEPA direct debit', sms_validation_required: true },
            { slug: 'adyen-scheme', name: 'Credit card', sms_validation_required: false },
            { slug: 'paypal-integration', name: 'PayPal', sms_validation_required: false },
          ],
        };
      case '/session/payment':
        return { payment: state.payment === undefined ? { type: 'sepa', holder: 'Anna Berger', iban: 'AT61••••3201', bic: 'BKAUATWW', bank: '', permission: true } : state.payment };
      case '/promotions':
        return { promotions: [] };
      case '/products?ids=1&include_hidden=true':
        // What the box above the order button says a product is; the agreement it asks for.
        return { products: [{ id: 1, name: 'Web hosting S', description: '10 GB SSD storage, 1 website, 5 mailboxes, free SSL.', tagline: 'The affordable start', advantages: [], attributes: [{ key: 'gtc_agreement', value: 'true' }] }] };
    }
    return undefined;
  });
  const keyed: KeyedCall[] = [];
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const key = request.headers.get('Idempotency-Key');
    if (key) keyed.push({ path: new URL(request.url).pathname.replace(/^\/api\/v2/, ''), key });
    return inner(request);
  }) as typeof fetch;
  return { seen, keyed };
}

/** The order screens at their paths, as the checkout remote mounts them. */
export function renderOrder(path: string, { props = {}, locale = 'en-GB' }: { props?: ConfirmPageProps; locale?: string } = {}) {
  return renderWithApp(
    <Routes>
      <Route path="/confirm/:order_code?" element={<ConfirmPage {...props} />} />
      <Route path="/sms-validation" element={<SmsValidationPage />} />
      <Route path="/success/:orderId" element={<SuccessPage />} />
      <Route path="/cancel-paypal-subscription/:order_code" element={<CancelPaypalSubscriptionPage />} />
      <Route path="/postfill" element={<PostfillPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { path, locale, store: createAppStore() },
  );
}
