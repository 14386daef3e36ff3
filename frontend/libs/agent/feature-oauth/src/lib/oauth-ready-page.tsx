import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  useAddProductMutation,
  useGetCategoriesQuery,
  useGetProductsQuery,
  useGetSessionCustomerQuery,
  type Product,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { BackToPanel } from './back-to-panel';
import { hasPendingSignIn, loadPanelSignIn, takePendingSignIn } from './panel-storage';

/** Product type of the brand's domain-only product (catalog seed product_types.json). */
const DOMAIN_ONLY_TYPE = 'domain-only';

/** Where the ready view sends a panel user, and the product it adds first (spec §4 "OAuth"). */
export function panelDestination(
  orderType: string,
  externalProductId: string,
  categorySlug: string,
  products: readonly Product[],
  categorySlugs: readonly string[],
): { add?: Product; to: 'lookup' | 'products' | 'categories' } {
  switch (orderType) {
    case 'redirect':
    case 'cloudpit_domains': {
      // redirect orders the product the panel names; cloudpit_domains (and a name the catalogue
      // does not know) orders domains only.
      const mapped = orderType === 'redirect' && externalProductId ? products.find((p) => p.external_product_id === externalProductId) : undefined;
      return { add: mapped ?? products.find((p) => p.type === DOMAIN_ONLY_TYPE), to: 'lookup' };
    }
    case 'redirect_product_category':
      return { to: categorySlug && categorySlugs.includes(categorySlug) ? 'products' : 'categories' };
    default:
      return { to: 'categories' };
  }
}

/**
 * /oauth/ready (spec §2 "Loads customer", §4 "OAuth"): after a panel sign-in, loads the customer;
 * without one a 'login failed' notification and the categories. Then, once per sign-in, acts on
 * the order type: redirect and cloudpit_domains add the mapped (or the domain-only) product and go
 * to the domain lookup; redirect_product_category goes to that category's products if it exists,
 * else to the categories. Visited again it welcomes the panel user with the way back to the panel.
 */
export function OAuthReadyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const customer = useGetSessionCustomerQuery();
  const products = useGetProductsQuery({ includeHidden: true });
  const categories = useGetCategoriesQuery();
  const [addProduct] = useAddProductMutation();
  // Peeked here, taken only when acted on: a view mounted twice must not lose the sign-in.
  const [pending] = useState(() => hasPendingSignIn());
  const [failed, setFailed] = useState(false);
  const acted = useRef(false);

  const customerNo = customer.data?.customer.customer_no;
  // A catalogue that cannot be read leaves the order type undone (categories), never a spinner.
  const catalogSettled = (products.isSuccess || products.isError) && (categories.isSuccess || categories.isError);
  const ready = customer.isSuccess && (!pending || !customerNo || catalogSettled);

  useEffect(() => {
    if (!ready || acted.current) return;
    acted.current = true;
    if (!customerNo) {
      dispatch(notify({ type: 'error', title: 'login.failed', message: 'login.unable_to_authenticate', preserveRouteChange: true }));
      navigate(pathTo('categories'), { replace: true });
      return;
    }
    if (!pending || !takePendingSignIn()) return;
    const stored = loadPanelSignIn();
    const slug = stored.data?.category_slug ?? '';
    const dest = panelDestination(stored.orderType, stored.externalProductId, slug, products.data ?? [], (categories.data ?? []).map((c) => c.slug));
    if (dest.to === 'products') {
      navigate(pathTo('products', { slug }), { replace: true });
      return;
    }
    if (dest.to === 'categories') {
      navigate(pathTo('categories'), { replace: true });
      return;
    }
    const add = dest.add;
    if (!add) {
      navigate(pathTo('domains-lookup'), { replace: true });
      return;
    }
    addProduct({ product_id: add.id })
      .unwrap()
      .then((answer) => {
        // The domain-only item is kept only once it has domains: the lookup then makes a new one.
        const kept = answer.cart.items.some((i) => i.row_id === answer.row_id);
        navigate(pathTo('domains-lookup', {}, { id: kept ? answer.row_id : undefined }), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [ready, customerNo, pending, products.data, categories.data, addProduct, dispatch, navigate]);

  if (customer.error) {
    return (
      <div className="hc-page hc-page--narrow">
        <h1>{t('oauth_panel.ready_heading')}</h1>
        <ErrorState messageKey="error.generic" onRetry={() => void customer.refetch()} />
      </div>
    );
  }
  return (
    <div className="hc-page hc-page--narrow hc-oauth-ready">
      <h1>{t('oauth_panel.ready_heading')}</h1>
      {failed ? (
        <p role="alert">{t('oauth_panel.product_missing')}</p>
      ) : !ready || (pending && customerNo) ? (
        <LoadingState label={t('oauth_panel.ready_busy')} />
      ) : null}
      <div className="hc-form-actions">
        {customerNo && <BackToPanel />}
        {(failed || (ready && !pending)) && (
          <Link className="hc-button hc-button--primary" to={pathTo('cart')}>
            {t('cart_page.breadcrumbs.cart')}
          </Link>
        )}
      </div>
    </div>
  );
}
