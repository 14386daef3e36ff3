import type { ApiJson, catalog } from '@hostcart/shared-api-types';
import { grossCents } from './presentation';

/** The amounts of a product's from_price as the API sends them (integer cents). */
export type FromPriceAmounts = Pick<ApiJson<catalog.FromPriceJson>, 'net_cents' | 'gross_cents' | 'vat_percent' | 'setup_fee_cents'>;

export const CURRENCY = 'EUR';

/** Money in the API is integer EUR cents; shown with 2 decimals in the visitor's locale (spec §9). */
export function formatCents(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
}

/** Whether the brand shows gross prices (property display_prices_with_vat). */
export function displaysPricesWithVat(properties: Record<string, string> | undefined): boolean {
  return properties?.['display_prices_with_vat'] === 'true';
}

export interface DisplayedPrice {
  cents: number;
  withVat: boolean;
  vatPercent: number;
}

/**
 * The rate a price is shown with: the session's when the customer's tax position sets one
 * (GET /session/vat: another EU state's rate, reverse charge, export), else the catalog's.
 */
export function effectiveVat(catalogPercent: number, sessionPercent: number | undefined): number {
  return sessionPercent ?? catalogPercent;
}

// The one gross formula of the frontend lives in presentation.ts (the twin of libs/go/pricing).
export { grossCents } from './presentation';

/**
 * The 'from' price a product card shows. The amounts come computed from the API (libs/go/pricing);
 * the UI picks gross or net by the brand setting, and re-grosses the net amount only when the
 * session's customer pays another rate than the brand's.
 */
export function displayedFromPrice(fromPrice: FromPriceAmounts | null | undefined, withVat: boolean, sessionVat?: number): DisplayedPrice | undefined {
  if (!fromPrice) return undefined;
  if (sessionVat !== undefined) {
    return { cents: withVat ? grossCents(fromPrice.net_cents, sessionVat) : fromPrice.net_cents, withVat, vatPercent: sessionVat };
  }
  return { cents: withVat ? fromPrice.gross_cents : fromPrice.net_cents, withVat, vatPercent: fromPrice.vat_percent };
}

/**
 * An addon's amount as a row shows it (spec §9, libs/go/pricing AddonPrice): one-time, and then
 * its setup fee, when the term has 0 months or costs nothing; else its monthly price.
 */
export function addonAmount(months: number, netMonthlyCents: number, setupFeeCents: number): { netCents: number; oneTime: boolean } {
  if (months === 0 || netMonthlyCents === 0) return { netCents: setupFeeCents, oneTime: true };
  return { netCents: netMonthlyCents, oneTime: false };
}

/** A percentage (19 for 19 %) with its sign as the locale writes it: "19 %", "7,7 %" in German, "19%" in English. */
export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

/**
 * A list in running text as the locale writes it ("monatlich, jährlich und zweijährlich"); here
 * with the other Intl formatters so remotes need not bundle the i18n lib's texts for it.
 */
export function formatList(values: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(values);
}
