import { useId } from 'react';
import { useSessionVatPercent } from '@hostcart/shared-data-access-api';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PricedItem, PricedLine, Product } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { addonMaturityFor, addonMaturityPrice, formatCents } from '@hostcart/shared-util-pricing';
import { LinePriceView } from './line-price';
import { isAutoAssigned, offeredAddons } from './offered-addons';
import { visibleAddons } from './priced-lines';
import type { Removal } from './removal';
import { termText } from './term-text';
import { useDisplayLocale } from './use-display-locale';

export interface CartItemProps {
  item: PricedItem;
  /** The catalog product of the item (addon links, upsells, domain rules); undefined while loading or hidden. */
  product?: Product;
  addonProducts: ReadonlyMap<number, Product>;
  withVat: boolean;
  withInterval: boolean;
  /** Preconfigured items are non-interactive for visitors (spec §6). */
  readOnly: boolean;
  /** A panel user sees no prices in the cart (spec §2 "Cart"), not even the offered addons'. */
  hidePrices?: boolean;
  /** The brand's hide_zero_prices_in_cart (spec §9): offered addons that cost nothing show no price. */
  hideZeroPrices?: boolean;
  busy: boolean;
  onRemove: (removal: Removal) => void;
  onAddAddon: (item: PricedItem, addon: Product) => void;
  onDetails: (item: PricedItem) => void;
  onChangeTerm: (item: PricedItem) => void;
}

/** One cart item: its product row with addon, upsell and domain rows, and the item's actions. */
export function CartItem({ item, product, addonProducts, withVat, withInterval, readOnly, hidePrices = false, hideZeroPrices = false, busy, onRemove, onAddAddon, onDetails, onChangeTerm }: CartItemProps) {
  const { t } = useTranslation();
  const sessionVat = useSessionVatPercent();
  const navigate = useNavigate();
  const locale = useDisplayLocale();
  const headingId = useId();
  const line = item.product;
  const name = line?.name ?? '';
  const rowId = item.row_id;
  const offered = readOnly ? [] : offeredAddons(item, product, addonProducts);
  const takesDomain = !!product && (product.domain_capable || product.is_domainrequired > 0);

  function removeButton(label: string, removal: Removal) {
    if (readOnly) return null;
    return (
      <button type="button" className="hc-button hc-button--link" onClick={() => onRemove(removal)} disabled={busy} aria-label={t('cart_page.remove.button_named', { name: label })}>
        {t('cart_page.remove.button')}
      </button>
    );
  }

  // On a narrow card the table's rows are stacked (cart-page.css) and its column headers are out
  // of sight: each cell then shows its column's name. Screen readers get the name from the
  // column header (the table keeps its semantics), so the visible label is hidden from them.
  function cellLabel(column: 'term' | 'price') {
    return (
      <span className="hc-cart-row__label" aria-hidden="true">
        {t(`cart_page.table.${column}`)}
      </span>
    );
  }

  function subRow(kind: 'addon' | 'upsell', l: PricedLine) {
    // Non-removable addons show no delete (spec §2); everything else is removed after confirming.
    const removal: Removal = kind === 'addon' ? { kind, item, line: l, cascade: isAutoAssigned(product, l.id) } : { kind, item, line: l };
    return (
      <tr key={`${kind}-${l.id}`} className={`hc-cart-row hc-cart-row--${kind}`} data-testid={`${kind}-row`}>
        <th scope="row" className="hc-cart-row__name">
          <span className="hc-cart-row__kind">{t(`cart_page.kind.${kind}`)}</span> {l.name}
        </th>
        <td className="hc-cart-row__term">
          {cellLabel('term')}
          {termText(t, l, withInterval)}
        </td>
        <td className="hc-cart-row__price">
          {cellLabel('price')}
          {!hidePrices && <LinePriceView price={l.price} promotion={l.promotion} unit="month" />}
        </td>
        <td className="hc-cart-row__action">{kind === 'addon' && l.non_removable ? null : removeButton(l.name, removal)}</td>
      </tr>
    );
  }

  return (
    <section className="hc-cart-item" aria-labelledby={headingId} data-row-id={rowId} data-testid="cart-item">
      <h2 id={headingId} className="hc-cart-item__title">
        {name}
      </h2>
      {readOnly && <p className="hc-cart-item__note">{t('cart_page.preconfigured')}</p>}
      {item.invalid && (
        <p className="hc-cart-item__warning" role="alert">
          {t('addons.unsupported_runtime')}
        </p>
      )}
      <table className="hc-cart-table">
        <caption className="hc-visually-hidden">{t('cart_page.table.caption', { name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cart_page.table.item')}</th>
            <th scope="col">{t('cart_page.table.term')}</th>
            <th scope="col">{t('cart_page.table.price')}</th>
            <th scope="col">
              <span className="hc-visually-hidden">{t('cart_page.table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {line && (
            <tr className="hc-cart-row hc-cart-row--product" data-testid="product-row">
              <th scope="row" className="hc-cart-row__name">
                {line.name}
              </th>
              <td className="hc-cart-row__term">
                {cellLabel('term')}
                {termText(t, line, withInterval)}
              </td>
              <td className="hc-cart-row__price">
                {cellLabel('price')}
                {!hidePrices && <LinePriceView price={line.price} promotion={line.promotion} unit="month" />}
              </td>
              <td className="hc-cart-row__action">{removeButton(line.name, { kind: 'product', item })}</td>
            </tr>
          )}
          {visibleAddons(item).map((a) => subRow('addon', a))}
          {(item.upsells ?? []).map((u) => subRow('upsell', u))}
          {(item.domains ?? []).map((d) => (
            <tr key={`domain-${d.name}`} className="hc-cart-row hc-cart-row--domain" data-testid="domain-row">
              <th scope="row" className="hc-cart-row__name">
                <span className="hc-cart-row__kind">{t(d.is_transfer ? 'cart_page.kind.transfer' : 'cart_page.kind.domain')}</span> {d.name}
              </th>
              <td className="hc-cart-row__term">
                {cellLabel('term')}
                {d.inclusive ? t('cart_page.domain.inclusive') : t('cart_page.domain.term')}
              </td>
              <td className="hc-cart-row__price">
                {cellLabel('price')}
                {!d.inclusive && !hidePrices && <LinePriceView price={d.price} promotion={d.promotion} unit="year" />}
              </td>
              <td className="hc-cart-row__action">{removeButton(d.name, { kind: 'domain', item, domain: d })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {item.missing_domain && <p className="hc-cart-item__warning">{t('cart.please_choose_at_least_one_domain_to_proceed', { product: name })}</p>}

      {!readOnly && offered.length > 0 && (
        <div className="hc-cart-offers">
          <h3 className="hc-cart-offers__title">{t('cart_page.offers.title')}</h3>
          <ul className="hc-cart-offers__list">
            {offered.map((addon) => {
              // The price of the term the addon joins with, as the extras screen shows it and the
              // cart will print it once added (not the catalog's cheapest "from" price).
              const maturity = addonMaturityFor(addon.payment_maturities, line?.maturity_months ?? 0);
              const offer = hidePrices || !maturity ? undefined : addonMaturityPrice(maturity, withVat, sessionVat);
              const from = offer && !(offer.cents === 0 && hideZeroPrices) ? offer : undefined;
              return (
                <li key={addon.id}>
                  <button type="button" className="hc-button hc-button--secondary" disabled={busy} onClick={() => onAddAddon(item, addon)} aria-label={t('cart_page.offers.add_named', { name: addon.name, product: name })}>
                    {t('cart_page.offers.add', { name: addon.name })}
                  </button>
                  {from && (
                    <span className="hc-price__note" data-testid="offer-price">
                      {' '}
                      {t(from.oneTime ? 'cart_page.offers.price_one_time' : 'cart_page.offers.price_monthly', { price: formatCents(from.cents, locale) })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {!readOnly && line && (
        <ul className="hc-cart-item__actions" aria-label={t('cart_page.actions.label', { name })}>
          <li>
            <button type="button" className="hc-button hc-button--link" onClick={() => onDetails(item)} aria-label={t('cart_page.actions.details_named', { name })}>
              {t('cart_page.actions.details')}
            </button>
          </li>
          <li>
            <button type="button" className="hc-button hc-button--link" onClick={() => onChangeTerm(item)} disabled={busy} aria-label={t('cart_page.actions.change_term_named', { name })}>
              {t('cart_page.actions.change_term')}
            </button>
          </li>
          {(product?.upsells?.length ?? 0) > 0 && (
            <li>
              <button
                type="button"
                className="hc-button hc-button--link"
                onClick={() => navigate(pathTo('popular-addons', {}, { id: rowId }), { state: { returnToCart: true, browseAllUpsells: true } })}
                aria-label={t('cart_page.actions.customize_named', { name })}
              >
                {t('cart_page.actions.customize')}
              </button>
            </li>
          )}
          {(product?.addons?.length ?? 0) > 0 && (
            <li>
              <button type="button" className="hc-button hc-button--link" onClick={() => navigate(pathTo('addons', {}, { id: rowId }))} aria-label={t('cart_page.actions.change_addons_named', { name })}>
                {t('cart_page.actions.change_addons')}
              </button>
            </li>
          )}
          {takesDomain && (
            <li>
              <button type="button" className="hc-button hc-button--link" onClick={() => navigate(pathTo('domains-lookup', {}, { id: rowId }), { state: { returnToCart: true } })} aria-label={t('cart_page.actions.add_domain_named', { name })}>
                {t('cart_page.actions.add_domain')}
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
