import { lazy, Suspense } from 'react';
import { LoadingState } from '@hostcart/shared-ui';

// The products screen orders a product, which takes the guided flow's libraries (flow context,
// next step, field rules: about 10 KB brotli with their requests). The library is loaded with the
// categories screen, the shop's first, so the products screen's code comes in its own chunk when
// its route is first entered (issue 14, first load).
const Screen = lazy(() => import('./products-page').then((m) => ({ default: m.ProductsPage })));

/** The products screen, its code fetched on first use; meanwhile the screen's own loading look. */
export function ProductsPage() {
  return (
    <Suspense
      fallback={
        <section className="hc-page">
          <LoadingState lines={3} />
        </section>
      }
    >
      <Screen />
    </Suspense>
  );
}
