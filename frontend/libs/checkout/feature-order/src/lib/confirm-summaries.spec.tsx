import { render, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { MemoryRouter } from 'react-router-dom';
import type { LinePrice, PricedCart, PricedLine, SessionCustomer } from '@hostcart/shared-data-access-api';
import { cartPresentation, linePresentation, linePrice as price } from '@hostcart/shared-testing';
import { CartSummary, CustomerSummary } from './confirm-summaries';

const nbsp = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

function line(id: number, name: string, months: number, p: LinePrice): PricedLine {
  return { id, name, maturity_id: id, maturity_months: months, interval_id: 1, interval_months: months, vat_percent: 19, cancelation_period: 90, price: p, promotion: null, hide_in_cart: false, non_removable: false, missing_field_ids: [], secret_field_ids: [] };
}

function priced(): PricedCart {
  return {
    cart: { items: [], version: '1' },
    items: [
      {
        row_id: 'r1',
        is_preconfigured: false,
        product: line(1, 'Web hosting S', 36, price(449)),
        addons: [line(2, 'Setup service', 0, price(5831, { one_time: true }))],
        upsells: [],
        domains: [{ name: 'example.com', tld: 'com', inclusive: false, is_transfer: false, vat_percent: 19, price: price(1414), promotion: null, missing_field_ids: [], secret_field_ids: [] }],
        missing_domain: false,
        invalid: false,
        total_net_cents: 0,
        total_gross_cents: 0,
        total_display_cents: 0,
      },
    ],
    totals: null,
    prices_with_vat: true,
    hide_zero_prices: false,
    promotions_unavailable: false,
    required_agreements: [],
    sms_validation: false,
    checkout_blocked: false,
    item_count: 1,
    vat_reason: '',
    session_vat_percent: 0,
    vat_unavailable: false,
  } as unknown as PricedCart;
}

describe('CartSummary on the confirm page', () => {
  it.each([
    ['de-DE', '14,14 € pro Jahr', '4,49 € pro Monat', '58,31 € einmalig', '36 Monate'],
    ['en-GB', '€14.14 per year', '€4.49 per month', '€58.31 one-time', '36 months'],
  ])('names each amount with its unit in %s: a domain per year, not per month', (locale, domain, monthly, once, term) => {
    const { getByTestId } = render(
      <I18nextProvider i18n={createI18n(locale)}>
        <CartSummary priced={priced()} />
      </I18nextProvider>,
    );
    const lines = within(getByTestId('confirm-cart'))
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('hc-confirm-cart__line'))
      .map((li) => nbsp(li.textContent));
    expect(lines[0]).toContain(monthly);
    expect(lines[0]).toContain(term);
    expect(lines[1]).toContain(once);
    expect(lines[2]).toContain(domain);
  });

  // Issue 23: Webhosting M, 12 months, "20 € Rabatt im ersten Jahr" on a gross brand. The confirm
  // page prints the presentation: 12 × 9,51 € = 114,12 €, − 23,80 € = 90,32 €, the months it
  // covers and the price from month 13 — the figures the cart shows and the order charges.
  it.each([
    ['de-DE', ['Zwischensumme114,12 €', 'Rabatt−23,80 €', 'Gesamt für die ersten 12 Monate inkl. MwSt.90,32 €', 'darin enthaltene MwSt.14,42 €'], 'Ab Monat 13: 9,51 € pro Monat'],
    ['en-GB', ['Subtotal€114.12', 'Discount−€23.80', 'Total for the first 12 months incl. VAT€90.32', 'VAT included€14.42'], 'From month 13: €9.51 per month'],
  ])('prints totals that add up in %s', (locale, rows, renewal) => {
    const cart = priced();
    const m = price(951, { presentation: linePresentation(951, { discount_cents: 2380, first_term_cents: 9032, net_cents: 7590, vat_cents: 1442, gross_cents: 9032 }) });
    cart.items = [{ ...cart.items[0], product: line(1, 'Webhosting M', 12, m), addons: [], domains: [] }];
    cart.totals = {
      monthly_net_cents: 799,
      monthly_gross_cents: 951,
      monthly_display_cents: 951,
      setup_fee_net_cents: 0,
      contract_net_cents: 9588,
      discount_net_cents: 2000,
      discount_display_cents: 2380,
      total_net_cents: 7590,
      total_vat_cents: 1442,
      total_gross_cents: 9032,
      total_display_cents: 9032,
      presentation: cartPresentation({ subtotal_cents: 11412, discount_cents: 2380, first_term_cents: 9032, due_today_cents: 9032, per_month_cents: 951, renewal_monthly_cents: 951, net_cents: 7590, vat_cents: 1442, gross_cents: 9032 }),
    };
    const { getByTestId } = render(
      <I18nextProvider i18n={createI18n(locale)}>
        <CartSummary priced={cart} />
      </I18nextProvider>,
    );
    const totals = getByTestId('confirm-totals');
    const pairs = [...totals.querySelectorAll('dt')].map((dt) => nbsp(`${dt.textContent}${dt.nextElementSibling?.textContent}`));
    expect(pairs).toEqual(rows);
    expect(nbsp(getByTestId('confirm-totals-renewal').textContent)).toBe(renewal);
  });
});

describe('CustomerSummary on the confirm page', () => {
  const customer = {
    customer_no: '',
    basic_info: { group: 1, gender: 1, first_name: 'Anna', last_name: 'Berger', company_name: '', company_vat_id: '', email: 'anna@example.com' },
    address: { street: 'Ring 1', postal_code: '1010', city: 'Wien', country_code: 'AT', phone: '+43 1 58801' },
    validated: false,
    vat_id_check: null,
    panel: null,
  } as unknown as SessionCustomer;

  it.each([
    ['de-DE', '1010 Wien, Österreich'],
    ['en-GB', '1010 Wien, Austria'],
  ])("names the address's country in %s, not by its code (issue 23)", (locale, place) => {
    const { container } = render(
      <MemoryRouter>
        <I18nextProvider i18n={createI18n(locale)}>
          <CustomerSummary customer={customer} editable={false} />
        </I18nextProvider>
      </MemoryRouter>,
    );
    const address = container.querySelectorAll('.hc-confirm__address')[1];
    expect(address.textContent).toContain(place);
    expect(address.textContent).not.toMatch(/, AT\b/);
  });
});
