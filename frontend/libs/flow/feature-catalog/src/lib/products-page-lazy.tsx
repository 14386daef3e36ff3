import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@hostcart/shared-ui';
import { useCategoryProducts } from './category-products';

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
  const { categoryName } = useCategoryProducts();
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
