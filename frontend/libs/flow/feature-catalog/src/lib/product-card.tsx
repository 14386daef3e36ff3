import { useTranslation } from 'react-i18next';
import { useSessionVatPercent } from '@hostcart/shared-data-access-api';
import type { Product } from '@hostcart/shared-data-access-api';
import { displayedFromPrice, formatCents, formatPercent } from '@hostcart/shared-util-pricing';
import type { CardPromotion } from './card-promotion';
import { useDisplayLocale } from './use-display-locale';

export interface ProductCardProps {
  product: Product;
  withVat: boolean;
  promotion?: CardPromotion;
  onOrder: (product: Product) => void;
  /** This product is being added to the cart. */
  busy?: boolean;
  /** Another order is under way. */
  disabled?: boolean;
}

export function ProductCard({ product, withVat, promotion, onOrder, busy = false, disabled = false }: ProductCardProps) {
  const { t } = useTranslation();
  const locale = useDisplayLocale();
  const price = displayedFromPrice(product.from_price, withVat, useSessionVatPercent());
  const headingId = `product-${product.id}-name`;

  return (
    <article className={`hc-card${product.is_highlight ? ' hc-card--highlight' : ''}`} aria-labelledby={headingId} data-product-id={product.id}>
      {product.is_highlight && <p className="hc-card__badge">{t('products.highlight')}</p>}
      <h2 id={headingId} className="hc-card__title">
        {product.name}
      </h2>
      {product.tagline && <p className="hc-card__tagline">{product.tagline}</p>}
      <div className="hc-price" data-testid="product-price">
        {price ? (
          <>
            {promotion && (
              // Screen readers hear "previously …" (a strike-through is not announced); the eye sees the struck price.
              <p className="hc-price__old" data-testid="product-old-price">
                <span className="hc-visually-hidden">{t('products.old_price', { price: formatCents(promotion.oldPriceCents, locale) })}</span>
                <s aria-hidden="true">{formatCents(promotion.oldPriceCents, locale)}</s>
              </p>
            )}
            <p className="hc-price__amount">
              {t('products.from_price', { price: formatCents(promotion ? promotion.priceCents : price.cents, locale) })}{' '}
              <span className="hc-price__unit">{t('products.per_month')}</span>
            </p>
            <p className="hc-price__note">
              {t(price.withVat ? 'products.incl_vat' : 'products.excl_vat', { vat: formatPercent(price.vatPercent, locale) })}
            </p>
            {product.from_price && product.from_price.setup_fee_cents > 0 && (
              <p className="hc-price__note">{t('products.setup_fee', { price: formatCents(product.from_price.setup_fee_cents, locale) })}</p>
            )}
          </>
        ) : (
          <p className="hc-price__amount">{t('products.no_price')}</p>
        )}
      </div>
      {promotion && <p className="hc-card__promo">{promotion.text}</p>}
      <button
        type="button"
        className="hc-button hc-card__order"
        onClick={() => onOrder(product)}
        aria-describedby={headingId}
        aria-busy={busy || undefined}
        disabled={busy || disabled}
      >
        {busy ? t('products.adding') : t('products.order_short')}
      </button>
    </article>
  );
}
