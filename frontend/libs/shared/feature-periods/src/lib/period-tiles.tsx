import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPromotionQuery, useGetPromotionsQuery, type CartItem, type Product, useSessionVatPercent } from '@hostcart/shared-data-access-api';
import { formatCents, intervalLabel, maturityDisplayCents, maturityLabel, type TermLabel, effectiveVat } from '@hostcart/shared-util-pricing';
import { periodChoices, strippedPromotion, unsupportedLines, type LineRef, type PeriodChoice, type PeriodMode } from './period-choices';

export interface PeriodTilesProps {
  item: CartItem;
  /** The catalog product of the item. */
  product: Product;
  lineProducts: readonly Product[];
  mode: PeriodMode;
  /** An addon or upsell line whose own period is chosen; absent: the item's product. */
  line?: LineRef;
  /** The brand shows prices with VAT. */
  withVat: boolean;
  busy?: boolean;
  onChoose: (choice: PeriodChoice) => void;
}

interface Warning {
  key: string;
  params?: Record<string, string>;
}

/**
 * Tiles per contract term or billing interval (spec §2 "Maturity and interval selection") with
 * the price per month. A choice the item's addons or upsells do not support, or one that would
 * strip a manual promotion, asks for confirmation first (spec §8 tile warnings).
 */
export function PeriodTiles({ item, product, lineProducts, mode, line, withVat, busy, onChoose }: PeriodTilesProps) {
  const { t, i18n } = useTranslation();
  const sessionVat = useSessionVatPercent();
  const locale = i18n.language || 'en-GB';
  const headingId = useId();
  const [pending, setPending] = useState<{ choice: PeriodChoice; warnings: Warning[] }>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const target = line ? lineProducts.find((p) => p.id === line.id) : product;
  const cartLine = line ? (line.kind === 'addon' ? item.addons : item.upsells).find((l) => l.id === line.id) : item.product;
  const code = cartLine?.promotion ?? '';
  // An automatic promotion is no redeemable code: looking it up by code answers 404 and logs a
  // failed request (issue 23), and the service recomputes it after a period change anyway
  // (strippedPromotion). The brand's automatic list (cached, shared with the cart's coupon hint)
  // tells it apart; only a manual code is looked up, and all codes are when the list cannot be read.
  const automatic = useGetPromotionsQuery();
  const isAutomatic = automatic.data?.some((p) => p.code.toUpperCase() === code.toUpperCase()) ?? false;
  const promotion = useGetPromotionQuery(code, { skip: code === '' || automatic.isLoading || isAutomatic });

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  if (!target || !cartLine) return <p role="alert">{t('addons.invalid')}</p>;
  const choices = periodChoices(target, cartLine, mode).map((c) => ({ ...c, vatPercent: effectiveVat(c.vatPercent, sessionVat) }));
  const tr = (l: TermLabel) => t(l.key, l.params ?? {});

  const warningsOf = (choice: PeriodChoice): Warning[] => {
    const warnings: Warning[] = [];
    // Only the product's period decides which addons and upsells stay available.
    if (!line) {
      const lost = unsupportedLines(item, product, lineProducts, choice.after);
      if (lost.length > 0) warnings.push({ key: 'periods.warning_unsupported', params: { names: lost.map((p) => p.name).join(', ') } });
    }
    if (strippedPromotion(promotion.data, choice.after, mode)) warnings.push({ key: 'periods.warning_promotion', params: { code } });
    return warnings;
  };

  const choose = (choice: PeriodChoice) => {
    if (busy) return;
    const warnings = choice.current ? [] : warningsOf(choice);
    if (warnings.length > 0) setPending({ choice, warnings });
    else onChoose(choice);
  };

  if (pending) {
    return (
      <section className="hc-period-confirm" role="alertdialog" aria-labelledby={`${headingId}-confirm`} aria-describedby={`${headingId}-warnings`}>
        <h2 id={`${headingId}-confirm`}>{t('periods.confirm_title')}</h2>
        <ul id={`${headingId}-warnings`}>
          {pending.warnings.map((w) => (
            <li key={w.key}>{t(w.key, w.params ?? {})}</li>
          ))}
        </ul>
        <div className="hc-actions">
          <button type="button" className="hc-button hc-button--secondary" onClick={() => setPending(undefined)}>
            {t('periods.confirm_cancel')}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="hc-button"
            disabled={busy}
            onClick={() => {
              const { choice } = pending;
              setPending(undefined);
              onChoose(choice);
            }}
          >
            {t('periods.confirm_change')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <div className="hc-period-tiles" role="group" aria-labelledby={headingId} aria-busy={busy || undefined}>
      {/* h2: the tiles sit right under the page's h1 or the modal's title, so no level is skipped. */}
      <h2 id={headingId} className="hc-visually-hidden">
        {t(mode === 'maturity' ? 'periods.maturity_heading' : 'periods.interval_heading')}
      </h2>
      <ul className="hc-tiles">
        {choices.map((choice) => {
          const label = tr(mode === 'maturity' ? maturityLabel(choice.months) : intervalLabel(choice.months));
          const price = formatCents(maturityDisplayCents(choice.netCents, choice.vatPercent, withVat), locale);
          return (
            <li key={`${choice.maturityId}-${choice.intervalId}`}>
              <button
                type="button"
                className={`hc-tile${choice.current ? ' hc-tile--current' : ''}`}
                aria-pressed={choice.current}
                disabled={busy}
                onClick={() => choose(choice)}
                data-testid="period-tile"
              >
                <span className="hc-tile__title">{label}</span>
                <span className="hc-tile__price">{t('periods.price_per_month', { price })}</span>
                <span className="hc-tile__note">{t(withVat ? 'periods.incl_vat' : 'periods.excl_vat')}</span>
                {choice.setupFeeCents > 0 && (
                  <span className="hc-tile__note">
                    {t('periods.setup_fee', { price: formatCents(maturityDisplayCents(choice.setupFeeCents, choice.vatPercent, withVat), locale) })}
                  </span>
                )}
                {choice.current && <span className="hc-tile__badge">{t('periods.current')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
