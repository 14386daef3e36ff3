import { render, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@hostcart/shared-i18n/testing';
import type { LinePrice, PricedCart, PricedLine } from '@hostcart/shared-data-access-api';
import { linePrice as price } from '@hostcart/shared-testing';
import { CartSummary } from './confirm-summaries';

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
});
