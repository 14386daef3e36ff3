import type { Product, Promotion } from '@hostcart/shared-data-access-api';
import { displayedFromPrice, presentLine, promotionMonths } from '@hostcart/shared-util-pricing';

/** A promotion as a product card shows it (spec §2 "Categories and products"). */
export interface CardPromotion {
  /** The regular 'from' price per month, struck through. */
  oldPriceCents: number;
  /** The 'from' price of a promoted month. */
  priceCents: number;
  /** The promotion's label in the session's language. */
  text: string;
}

function appliesTo(promotion: Promotion, product: Product): boolean {
  const target = promotion.applies_to;
  if (!target || target.type === 'all') return true;
  return target.type === 'ids' && (target.ids ?? []).includes(product.id);
}

/**
 * The automatic product promotion the card shows: one the server lists as automatic (GET
 * /promotions answers only those), for this product, on the term the 'from' price is of. Several:
 * the highest discount, as the cart's best-promotion rule (spec §4 "Promotions").
 *
 * The promoted price is printed by the one presentation rule (presentLine): the line of one month
 * of that term with the promotion spread over its promoted months, so a percentage shows its share
 * of the month and a fixed amount its monthly part, in the brand's mode. Nothing else is computed.
 */
export function cardPromotion(product: Product, promotions: readonly Promotion[] | undefined, withVat: boolean, sessionVat?: number): CardPromotion | undefined {
  const from = product.from_price;
  const regular = displayedFromPrice(from, withVat, sessionVat);
  if (!from || !regular || regular.cents <= 0) return undefined;
  let best: CardPromotion | undefined;
  for (const promotion of promotions ?? []) {
    if (!promotion.is_automatic || promotion.type !== 'product' || !appliesTo(promotion, product)) continue;
    const maturities = promotion.supported?.maturity_months ?? [];
    if (maturities.length > 0 && !maturities.includes(from.maturity_months)) continue;
    const intervalMonths = promotion.supported?.interval_months?.[0] ?? from.maturity_months;
    const month = presentLine({
      net_monthly_cents: from.net_cents,
      setup_net_cents: 0,
      term_months: 1,
      interval_months: 1,
      vat_percent: regular.vatPercent,
      with_vat: withVat,
      yearly: false,
      promotion: { kind: promotion.value_type, percent: Number(promotion.percent) || 0, value_cents: promotion.value_cents, recurs_for: promotion.recurs_for },
      promotion_months: promotionMonths(promotion.recurs_for ?? 0, intervalMonths),
    });
    if (month.discount_cents <= 0) continue;
    if (best && regular.cents - best.priceCents >= month.discount_cents) continue;
    best = { oldPriceCents: month.unit_cents, priceCents: month.first_term_cents, text: promotion.discount_label ?? '' };
  }
  return best;
}
