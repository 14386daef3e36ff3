import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetCategoriesQuery, useGetProductsQuery } from '@hostcart/shared-data-access-api';
import { LoadingState } from '@hostcart/shared-ui';

// The products screen orders a product, which takes the guided flow's libraries (flow context,
// next step, field rules: about 12 KB brotli with their requests). The library is loaded with the
// categories screen, the shop's first, so the products screen's code comes in its own chunk when
// its route is first entered (issue 14, first load).
const Screen = lazy(() => import('./products-page').then((m) => ({ default: m.ProductsPage })));

/**
 * What the products screen shows while it loads its products, shown while its code loads: the
 * same heading (a page without one fails axe's page-has-heading-one) and skeleton. It asks for the
 * products already, so they arrive with the code instead of after it (the screen reads the same
 * cache entry).
 */
function ProductsLoading() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [query] = useSearchParams();
  const d = query.get('d') ?? undefined;
  const categories = useGetCategoriesQuery(d ? { d } : undefined);
  const products = useGetProductsQuery({ category: slug, d });
  const categoryName = categories.data?.find((c) => c.slug === slug)?.name ?? products.data?.[0]?.category_name ?? '';
  return (
    <section className="hc-page">
      <h1>{categoryName || t('titles.products')}</h1>
      <LoadingState lines={3} />
    </section>
  );
}

/** The products screen, its code fetched on first use. */
export function ProductsPage() {
  return (
    <Suspense fallback={<ProductsLoading />}>
      <Screen />
    </Suspense>
  );
}
