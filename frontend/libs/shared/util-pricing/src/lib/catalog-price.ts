/**
 * The per-month price of one catalog maturity as the brand shows it (spec §9: "per month, with
 * VAT factor when configured"). The catalog sends each maturity's net price only, so the gross
 * figure is formed here with the rule of libs/go/pricing Gross: VAT fixed to hundredths of a
 * percent, integer arithmetic, one rounding half away from zero. Cart amounts never come from
 * here: they come priced from the cart service.
 */
export function maturityDisplayCents(netCents: number, vatPercent: number, withVat: boolean): number {
  if (!withVat) return netCents;
  const basis = 10000;
  const vatBasis = Number.isFinite(vatPercent) ? Math.round(vatPercent * 100) : 0;
  // Cents times basis points stay far below 2^53, so the product is exact.
  const num = Math.trunc(netCents) * (basis + vatBasis);
  const rounded = Math.floor((Math.abs(num) * 2 + basis) / (2 * basis));
  return num < 0 ? -rounded : rounded;
}
