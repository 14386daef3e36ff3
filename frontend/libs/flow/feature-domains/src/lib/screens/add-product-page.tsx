import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@hostcart/shared-routing';
import { useDomainSelection } from '../selection/cart-selection';
import { useDomainsNext } from '../lookup/next-step';

/**
 * /domains/do-you-want-to-add-a-product?d: after a domains-only search. Yes shows the categories
 * that can use the domain, with the domains-only row as tid so the chosen product takes its
 * domains; no keeps the domains-only order (the cart already holds it) and goes on.
 */
export function AddProductPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const goNext = useDomainsNext();
  const selection = useDomainSelection();
  const d = query.get('d') ?? undefined;
  const tid = selection.domainOnlyRowId;
  return (
    <section className="hc-page hc-page--narrow hc-question">
      <h1>{t('domains.add_product.heading')}</h1>
      <p>{d ? t('domains.add_product.text_domain', { domain: d }) : t('domains.add_product.text')}</p>
      <div className="hc-question__actions">
        <Link className="hc-button" to={pathTo('categories', {}, { d, tid })}>
          {t('domains.add_product.yes')}
        </Link>
        <button type="button" className="hc-button hc-button--secondary" onClick={() => void goNext({ from: 'domains-add-product', rowId: tid })}>
          {t('domains.add_product.no')}
        </button>
      </div>
    </section>
  );
}
