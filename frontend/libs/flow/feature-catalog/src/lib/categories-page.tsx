import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, useGetCategoriesQuery } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { AddingItemsGate } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { DomainSearchBar } from './domain-search-bar';

/**
 * /categories: category tiles plus the domain search bar (hidden during a domain search). A tile
 * opens the category's products; a category with a single product orders it there right away
 * (ProductsPage), so tile and products page share one decision. Redirects to the cart when adding
 * items is not allowed (spec §2, §6); the tiles add nothing without a click, so they show while the
 * cart is still being asked (the first screen does not wait for it).
 */
export function CategoriesPage() {
  return (
    <AddingItemsGate optimistic>
      <CategoryTiles />
    </AddingItemsGate>
  );
}

function CategoryTiles() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const d = query.get('d') ?? undefined;
  const tid = query.get('tid') ?? undefined;
  const { data, error, isLoading, isFetching, refetch } = useGetCategoriesQuery(d ? { d } : undefined);
  const categories = (data ?? []).filter((c) => c.is_visible && !c.is_addon).sort((a, b) => a.order - b.order);

  return (
    <section className="hc-page">
      <h1>{d ? t('categories.heading_domain', { domain: d }) : t('categories.heading')}</h1>
      {!d && <DomainSearchBar />}
      {isLoading || (isFetching && !data) ? (
        <LoadingState lines={4} />
      ) : error ? (
        <ErrorState messageKey={errorMessageKey(error)} onRetry={() => void refetch()} />
      ) : categories.length === 0 ? (
        <p>{t('categories.empty')}</p>
      ) : (
        <ul className="hc-tiles" aria-label={t('categories.list')}>
          {categories.map((c) => (
            <li key={c.id} className="hc-tiles__item">
              <Link className="hc-tile__link" to={pathTo('products', { slug: c.slug }, { d, tid })} data-category-slug={c.slug}>
                <h2 className="hc-tile__title">{c.name}</h2>
                {c.description && <p className="hc-tile__text">{c.description}</p>}
                <span className="hc-tile__cta" aria-hidden="true">
                  {t('categories.show_products')} →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
