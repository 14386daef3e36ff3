import { useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, useGetCategoriesQuery, useGetCurrentBrandQuery, useGetProductsQuery, type Product } from '@hostcart/shared-data-access-api';
import { FALLBACK_PATH, pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { displaysPricesWithVat } from '@hostcart/shared-util-pricing';
import { productChosen } from './catalog-flow.slice';
import { ProductCard } from './product-card';

// Query values the next step (additional product fields) needs from this one.
const CARRIED_OVER = ['tid', 'addons', 'webcard_demo_reference', 'promocode'] as const;

/** /products/:slug: the orderable products of one category. */
export function ProductsPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const d = query.get('d') ?? undefined;
  const chooseProduct = query.get('chooseProduct');

  const brand = useGetCurrentBrandQuery();
  const categories = useGetCategoriesQuery(d ? { d } : undefined);
  const { data, error, isLoading, isFetching, refetch } = useGetProductsQuery({ category: slug, d });
  const products = useMemo(() => (data ?? []).filter((p) => !p.is_hidden && p.is_active).sort((a, b) => a.order - b.order), [data]);
  const categoryName = categories.data?.find((c) => c.slug === slug)?.name ?? products[0]?.category_name ?? '';
  const withVat = displaysPricesWithVat(brand.data?.properties);
  const forwarded = useRef(false);

  function choose(product: Product, replace = false) {
    dispatch(productChosen({ productId: product.id, categorySlug: slug }));
    const carried = Object.fromEntries(CARRIED_OVER.map((k) => [k, query.get(k) ?? undefined]));
    navigate(pathTo('additional-product-fields', {}, { id: product.id, ...carried }), { replace });
  }

  // A category with one product selects it; so does ?chooseProduct=<id>, and an unknown id
  // explains itself on the categories page.
  useEffect(() => {
    if (!data || isFetching || forwarded.current) return;
    if (chooseProduct) {
      forwarded.current = true;
      const chosen = products.find((p) => String(p.id) === chooseProduct);
      if (chosen) {
        choose(chosen, true);
      } else {
        dispatch(notify({ type: 'error', message: 'cart.product_not_available', preserveRouteChange: true }));
        navigate(FALLBACK_PATH, { replace: true });
      }
      return;
    }
    if (products.length === 1) {
      forwarded.current = true;
      choose(products[0], true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, isFetching, chooseProduct, products]);

  const loading = isLoading || (isFetching && !data) || brand.isLoading;
  const autoSelecting = !!data && !isFetching && (products.length === 1 || !!chooseProduct);

  return (
    <section className="hc-page">
      <h1>{categoryName || t('titles.products')}</h1>
      {loading || autoSelecting ? (
        <LoadingState lines={3} label={autoSelecting && products.length === 1 ? t('products.selecting', { product: products[0].name }) : undefined} />
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
                <ProductCard product={p} withVat={withVat} onOrder={(product) => choose(product)} />
              </li>
            ))}
          </ul>
          <p>
            <Link to={pathTo('categories', {}, { d, tid: query.get('tid') ?? undefined })}>{t('common.back_to_categories')}</Link>
          </p>
        </>
      )}
    </section>
  );
}
