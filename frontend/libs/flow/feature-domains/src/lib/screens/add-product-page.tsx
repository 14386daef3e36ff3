import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@hostcart/shared-routing';

/**
 * /domains/do-you-want-to-add-a-product?d: after a domains-only search. Yes shows the categories
 * that can use the domain; no goes on to the cart (saving the cart is the cart's job, issue 4).
 */
export function AddProductPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const d = query.get('d') ?? undefined;
  return (
    <section className="hc-page hc-page--narrow hc-question">
      <h1>{t('domains.add_product.heading')}</h1>
      <p>{d ? t('domains.add_product.text_domain', { domain: d }) : t('domains.add_product.text')}</p>
      <div className="hc-question__actions">
        <Link className="hc-button" to={pathTo('categories', {}, { d })}>
          {t('domains.add_product.yes')}
        </Link>
        <Link className="hc-button hc-button--secondary" to={pathTo('cart')}>
          {t('domains.add_product.no')}
        </Link>
      </div>
    </section>
  );
}
