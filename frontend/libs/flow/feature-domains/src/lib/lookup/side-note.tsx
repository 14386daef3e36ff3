import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectedDomain } from '../selection/domain-selection';
import type { InclusiveState } from './inclusive';
import { ActionBar } from '@hostcart/shared-feature-action-bar';

export interface SideNoteProps {
  chosen: readonly SelectedDomain[];
  /** The product the domains are for; undefined for a domains-only order. */
  productName: string | undefined;
  /** True when the lookup serves a cart item (a product), false for domains only. */
  forItem: boolean;
  inclusive: InclusiveState | undefined;
  onRemove(domain: SelectedDomain): void;
  onContinue(): void;
  /**
   * Going on without a domain; undefined while the product is unknown and for a product that
   * needs a domain (is_domainrequired 1, spec §2 "Cart"): the cart would only block it.
   */
  onContinueWithout?: () => void;
  /** The product needs a domain: until one is chosen a hint says so under the disabled Continue. */
  domainRequired?: boolean;
}

/** The chosen domains beside the results, with the ways on. */
export function SideNote({ chosen, productName, forItem, inclusive, onRemove, onContinue, onContinueWithout, domainRequired }: SideNoteProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const requiredHint = forItem && domainRequired && chosen.length === 0 && productName;
  return (
    <aside className="hc-side-note" aria-labelledby={headingId} data-testid="domain-side-note">
      <h2 id={headingId} className="hc-side-note__title">
        {t('domains.side_note.title')}
      </h2>
      {productName && <p className="hc-side-note__product">{t('domains.side_note.for_product', { product: productName })}</p>}
      {chosen.length === 0 ? (
        <p className="hc-side-note__empty">{t('domains.side_note.empty')}</p>
      ) : (
        <ul className="hc-side-note__list">
          {chosen.map((d) => (
            <li key={d.domain} className="hc-side-note__item">
              <span className="hc-side-note__domain">{d.domainUnicode}</span>
              <span className="hc-side-note__kind">
                {t(d.kind === 'transfer' ? 'domains.side_note.transfer' : 'domains.side_note.register')}
                {inclusive?.domains.has(d.domain) && ` · ${t('domains.inclusive')}`}
              </span>
              <button
                type="button"
                className="hc-link-button"
                onClick={() => onRemove(d)}
                aria-label={t('domains.remove_domain', { domain: d.domainUnicode })}
              >
                {t('domains.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="hc-side-note__actions">
        {forItem ? (
          <>
            {requiredHint && (
              <p id={hintId} className="hc-hint" data-testid="domain-required-hint">
                {t('cart.please_choose_at_least_one_domain_to_proceed', { product: productName })}
              </p>
            )}
            <ActionBar>
              <button type="button" className="hc-button" onClick={onContinue} disabled={chosen.length === 0} aria-describedby={requiredHint ? hintId : undefined}>
                {t('domains.continue')}
              </button>
            </ActionBar>
            {onContinueWithout && (
              <button type="button" className="hc-button hc-button--secondary" onClick={onContinueWithout}>
                {t('domains.continue_without')}
              </button>
            )}
          </>
        ) : (
          <ActionBar>
            <button type="button" className="hc-button" onClick={onContinue} disabled={chosen.length === 0}>
              {t('domains.domains_only')}
            </button>
          </ActionBar>
        )}
      </div>
    </aside>
  );
}
