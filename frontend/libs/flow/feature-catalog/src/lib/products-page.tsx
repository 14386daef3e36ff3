import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, useGetCurrentBrandQuery, useGetPromotionsQuery, useSessionVatPercent, type Product } from '@hostcart/shared-data-access-api';
import { FALLBACK_PATH, pathTo } from '@hostcart/shared-routing';
import { AddingItemsGate, notify, useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { track, viewItemList } from '@hostcart/shared-util-analytics';
import { displayedFromPrice, displaysPricesWithVat } from '@hostcart/shared-util-pricing';
import { useCategoryProducts } from './category-products';
import { useOrderProduct, type OrderQuery } from './order/use-order-product';
import { cardPromotion } from './card-promotion';
import { ProductCard } from './product-card';

/** History state of a products page whose product was chosen automatically once already. */
interface ProductsPageState {
  autoSelected?: boolean;
}

/** /products/:slug: the orderable products of one category (redirects to the cart when adding is not allowed). */
export function ProductsPage() {
  return (
    // Waits for the cart: a single-product category orders its product right away.
    <AddingItemsGate
      fallback={
        <section className="hc-page">
          <LoadingState lines={4} />
        </section>
      }
    >
      <ProductsList />
    </AddingItemsGate>
  );
}

function ProductsList() {
  const { t } = useTranslation();
  const { slug, query, d, products, categoryName, productsQuery } = useCategoryProducts();
  const { data, error, isLoading, isFetching, refetch } = productsQuery;
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const chooseProduct = query.get('chooseProduct');
  const orderQuery: OrderQuery = {
    tid: query.get('tid') ?? undefined,
    addons: query.get('addons') ?? undefined,
    promocode: query.get('promocode') ?? undefined,
    referrer: query.get('referrer') ?? undefined,
    webcard_demo_reference: query.get('webcard_demo_reference') ?? undefined,
  };

  const brand = useGetCurrentBrandQuery();
  const withVat = displaysPricesWithVat(brand.data?.properties);
  // The brand's automatic promotions (cached, shared with the cart's coupon hint): never awaited,
  // the cards show regular prices until they come, and when they cannot be read.
  const promotions = useGetPromotionsQuery();
  const sessionVat = useSessionVatPercent();
  const { order, pendingId } = useOrderProduct(orderQuery);
  const forwarded = useRef(false);
  // Coming back (history) to a page that chose its product automatically shows the list instead
  // of ordering the product a second time.
  const alreadyAutoSelected = !!(location.state as ProductsPageState | null)?.autoSelected;

  const autoChoice: Product | 'unknown' | undefined = useMemo(() => {
    if (!data || isFetching || alreadyAutoSelected) return undefined;
    if (chooseProduct) return products.find((p) => String(p.id) === chooseProduct) ?? 'unknown';
    return products.length === 1 ? products[0] : undefined;
  }, [data, isFetching, alreadyAutoSelected, chooseProduct, products]);

  // A category with one product selects it; so does ?chooseProduct=<id>, and an unknown id
  // explains itself on the categories page (spec §2, §8).
  useEffect(() => {
    if (!autoChoice || forwarded.current || brand.isLoading) return;
    forwarded.current = true;
    if (autoChoice === 'unknown') {
      dispatch(notify({ type: 'error', message: 'cart.product_not_available', preserveRouteChange: true }));
      navigate(FALLBACK_PATH, { replace: true });
      return;
    }
    navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...(location.state as object | null), autoSelected: true } });
    void order(autoChoice, slug, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- forwards once per automatic choice (forwarded guards it); location, order and slug are read at that moment, and the replace navigation it makes changes location itself.
  }, [autoChoice, brand.isLoading]);

  const loading = isLoading || (isFetching && !data) || brand.isLoading;
  const autoSelecting = !!autoChoice || (forwarded.current && pendingId !== null);
  const listShown = !loading && !autoSelecting && !error && products.length > 0;

  // Spec §4a: the products page shown, its category is the list (once per category).
  const trackedList = useRef<string | null>(null);
  useEffect(() => {
    if (!listShown || trackedList.current === slug) return;
    trackedList.current = slug;
    track(
      viewItemList(
        { id: slug, name: categoryName },
        products.map((p) => ({ kind: 'product', id: p.id, name: p.name, priceCents: displayedFromPrice(p.from_price, withVat)?.cents ?? 0, category: categoryName })),
      ),
    );
  }, [listShown, slug, categoryName, products, withVat]);

  const selectingName = autoChoice && autoChoice !== 'unknown' ? autoChoice.name : products.find((p) => p.id === pendingId)?.name;

  return (
    <section className="hc-page">
      <h1>{categoryName || t('titles.products')}</h1>
      {loading || autoSelecting ? (
        <LoadingState lines={3} label={selectingName ? t('products.selecting', { product: selectingName }) : undefined} />
      ) : error ? (
        <ErrorState messageKey={errorMessageKey(error)} onRetry={() => void refetch()} />
      ) : products.length === 0 ? (
        <>
          <p>{t('products.empty')}</p>
          <p>
            <Link to={FALLBACK_PATH}>{t('common.back_to_categories')}</Link>
          </p>
        </>
      ) : (
        <>
          <ul className="hc-cards" aria-label={t('products.list')}>
            {products.map((p) => (
              <li key={p.id}>
                <ProductCard
                  product={p}
                  withVat={withVat}
                  promotion={cardPromotion(p, promotions.data, withVat, sessionVat)}
                  busy={pendingId === p.id}
                  disabled={pendingId !== null}
                  onOrder={(product) => void order(product, slug)}
                />
              </li>
            ))}
          </ul>
          <p>
            <Link to={pathTo('categories', {}, { d, tid: orderQuery.tid })}>{t('common.back_to_categories')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
