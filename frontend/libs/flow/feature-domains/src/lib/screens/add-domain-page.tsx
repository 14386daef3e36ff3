import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetProductsQuery } from '@hostcart/shared-data-access-api';
import { AddingItemsGate } from '@hostcart/flow-data-access-flow';
import { pathTo } from '@hostcart/shared-routing';
import { useDomainSelection } from '../selection/cart-selection';
import { itemIdFrom } from '../selection/domain-selection';
import { useDomainsNext } from '../lookup/next-step';
import { KnownItemGate } from './known-item';

/**
 * /domains/do-you-want-to-add-a-domain?id: for a product whose domain is optional. An id of no cart
 * item goes to the categories (spec §2); it leads to adding a domain, so a customer on an order
 * draft goes to the cart (spec §2, §6). The question adds nothing itself: it shows while the cart
 * is being asked.
 */
export function AddDomainPage() {
  return (
    <AddingItemsGate optimistic>
      <KnownItemGate>
        <AddDomainQuestion />
      </KnownItemGate>
    </AddingItemsGate>
  );
}

function AddDomainQuestion() {
  const { t } = useTranslation();
  const location = useLocation();
  const [query] = useSearchParams();
  const goNext = useDomainsNext();
  const selection = useDomainSelection();
  const itemId = itemIdFrom(query.get('id'), selection);
  const productId = itemId ? selection.productIdOf(itemId) : undefined;
  const products = useGetProductsQuery({ ids: productId ? [productId] : [], includeHidden: true }, { skip: productId === undefined });
  const product = products.data?.find((p) => p.id === productId);
  const returnToCart = !!(location.state as { returnToCart?: boolean } | null)?.returnToCart;

  return (
    <section className="hc-page hc-page--narrow hc-question">
      <h1>{t('domains.add_domain.heading')}</h1>
      <p>{product ? t('domains.add_domain.text_product', { product: product.name }) : t('domains.add_domain.text')}</p>
      <div className="hc-question__actions">
        <Link className="hc-button" to={pathTo('domains-lookup', {}, { id: itemId ?? undefined })}>
          {t('domains.add_domain.yes')}
        </Link>
        <button
          type="button"
          className="hc-button hc-button--secondary"
          onClick={() => void goNext({ from: 'domains-add-domain', rowId: itemId ?? undefined, flags: { returnToCart } })}
        >
          {t('domains.add_domain.no')}
        </button>
      </div>
    </section>
  );
}
