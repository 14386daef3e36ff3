import type { LinePrice } from '@hostcart/shared-data-access-api';

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
    ...extra,
  };
}
