import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetProductsQuery } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { useDomainSelection } from '../selection/placeholder-selection';
import { afterDomainFields } from '../lookup/next-step';

/** /domains/do-you-want-to-add-a-domain?id: for a product whose domain is optional. */
export function AddDomainPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const itemId = query.get('id') || null;
  const selection = useDomainSelection();
  const productId = itemId ? selection.productIdOf(itemId) : undefined;
  const products = useGetProductsQuery(undefined, { skip: productId === undefined });
  const product = products.data?.find((p) => p.id === productId);

  return (
    <section className="hc-page hc-page--narrow hc-question">
      <h1>{t('domains.add_domain.heading')}</h1>
      <p>{product ? t('domains.add_domain.text_product', { product: product.name }) : t('domains.add_domain.text')}</p>
      <div className="hc-question__actions">
        <Link className="hc-button" to={pathTo('domains-lookup', {}, { id: itemId ?? undefined })}>
          {t('domains.add_domain.yes')}
        </Link>
        <Link className="hc-button hc-button--secondary" to={afterDomainFields(itemId, [])}>
          {t('domains.add_domain.no')}
        </Link>
      </div>
    </section>
  );
}
