import type { LinePrice } from '@hostcart/shared-data-access-api';
import type { CartPresentation, LinePresentation } from '@hostcart/shared-util-pricing';

/** A line price as the service would send it; only the figures a test names matter. */
export function linePrice(display: number, extra: Partial<LinePrice> = {}): LinePrice {
  return {
    one_time: false,
    display_cents: display,
    show_price: true,
    monthly_net_cents: display,
    monthly_gross_cents: display,
    monthly_display_cents: display,
    setup_fee_net_cents: 0,
    setup_fee_gross_cents: 0,
    setup_fee_display_cents: 0,
    contract_net_cents: display * 12,
    contract_gross_cents: display * 12,
    contract_display_cents: display * 12,
    minimum_period_cents: display * 12,
    total_net_cents: display * 12,
    total_vat_cents: 0,
    total_gross_cents: display * 12,
    total_display_cents: display * 12,
    presentation: extra.one_time
      ? linePresentation(0, { one_time: true, setup_cents: display, per_month_cents: 0, interval_cents: 0, term_months: 0, regular_cents: 0, first_term_cents: display, due_today_cents: display, due_today_net_cents: display, due_today_gross_cents: display, renewal_unit_cents: 0, renewal_from_month: 0, net_cents: display, gross_cents: display })
      : linePresentation(display),
    ...extra,
  };
}

/** A line presentation of a recurring 12-month line at `unit` a month, without VAT split; extra overrides. */
export function linePresentation(unit: number, extra: Partial<LinePresentation> = {}): LinePresentation {
  return {
    one_time: false,
    unit_months: 1,
    unit_cents: unit,
    per_month_cents: unit,
    interval_cents: unit * 12,
    setup_cents: 0,
    term_months: 12,
    regular_cents: unit * 12,
    discount_cents: 0,
    first_term_cents: unit * 12,
    due_today_cents: unit * 12,
    due_today_net_cents: unit * 12,
    due_today_vat_cents: 0,
    due_today_gross_cents: unit * 12,
    renewal_unit_cents: unit,
    renewal_from_month: 13,
    net_cents: unit * 12,
    vat_cents: 0,
    gross_cents: unit * 12,
    ...extra,
  };
}

/** Cart figures (Totals.presentation); only the figures a test names matter. */
export function cartPresentation(extra: Partial<CartPresentation> = {}): CartPresentation {
  return {
    subtotal_cents: 0,
    discount_cents: 0,
    first_term_cents: 0,
    first_term_months: 12,
    due_today_cents: 0,
    due_today_net_cents: 0,
    due_today_vat_cents: 0,
    due_today_gross_cents: 0,
    per_month_cents: 0,
    renewal_monthly_cents: 0,
    renewal_yearly_cents: 0,
    renewal_from_month: 13,
    net_cents: 0,
    vat_cents: 0,
    gross_cents: 0,
    ...extra,
  };
}
