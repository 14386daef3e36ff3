import { useCallback, useMemo } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  errorMessageKey,
  useAddProductMutation,
  useGetProductsQuery,
  useSetAdditionalFieldsMutation,
  type Cart,
  type CartItem,
  type FieldValue,
  type Product,
} from '@hostcart/shared-data-access-api';
import {
  AddingItemsGate,
  notFoundError,
  orderInformations,
  useCartNotices,
  useFlowItem,
  useGoNext,
  useOrderExtras,
  usePreconfiguredLock,
} from '@hostcart/flow-data-access-flow';
import { pathTo } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { fieldsShown, headlineOf } from '@hostcart/shared-ui-fields';
import { FieldsScreen, FieldsScreenState, useValidatedSave } from './fields-screen';
import { useFieldFamilyFor } from './use-field-family';

const PRODUCT_NOT_AVAILABLE = 'cart.product_not_available';

const positiveInt = (s: string | null) => {
  const n = Number(s);
  return s && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** What the page works on: an item already in the cart (rowId) or a product still to add (id). */
interface Target {
  isLoading: boolean;
  error?: unknown;
  product?: Product;
  rowId?: string;
  /** The cart item of rowId (its lock decides whether the form is offered). */
  item?: CartItem;
  stored?: readonly FieldValue[];
}

function useTarget(productId: number | undefined, rowId: string | undefined): Target {
  const flow = useFlowItem(rowId || undefined);
  const catalog = useGetProductsQuery(!rowId && productId ? { ids: [productId], includeHidden: false } : skipToken);
  if (rowId) return { isLoading: flow.isLoading, error: flow.error, product: flow.product, rowId, item: flow.item, stored: flow.item?.product.additional_fields };
  if (!productId) return { isLoading: false, error: notFoundError(PRODUCT_NOT_AVAILABLE) };
  const product = catalog.data?.find((p) => p.id === productId);
  if (catalog.isLoading) return { isLoading: true };
  if (catalog.error) return { isLoading: false, error: catalog.error };
  if (!product) return { isLoading: false, error: notFoundError(PRODUCT_NOT_AVAILABLE) };
  return { isLoading: false, product };
}

/**
 * /additional-product-fields?id&rowId&tid&addons&webcard_demo_reference&promocode&p (spec §2, §4
 * "Field forms"): the product's fields. Save validates on the server and stays on errors; then it
 * adds the product (new) or stores the values (rowId), redeems the promo code, adds the chosen
 * addon and goes to the cart (returnToCart), to post-fill (p=y) or along the guided flow. Unlike
 * the other id routes, an unknown item or product is explained here, not redirected (spec §2).
 */
export function ProductFieldsPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  if (query.get('rowId')) return <ProductFields />;
  // Spec §2, §6: without rowId the page adds a product, which a customer on an order draft may not
  // (the cart service answers 403 order_drafts.items_locked): such a visit goes to the cart.
  const loading = (
    <FieldsScreenState title={t('titles.additional-product-fields')}>
      <LoadingState lines={3} />
    </FieldsScreenState>
  );
  return (
    <AddingItemsGate fallback={loading}>
      <ProductFields />
    </AddingItemsGate>
  );
}

function ProductFields() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const productId = positiveInt(query.get('id'));
  const rowId = query.get('rowId') || undefined;
  const tid = query.get('tid') || undefined;
  const addonId = positiveInt(query.get('addons'));
  const demoReference = query.get('webcard_demo_reference') || undefined;
  const promocode = query.get('promocode') || undefined;
  const postponedStep = query.get('p') === 'y';
  const returnToCart = !!(location.state as { returnToCart?: boolean } | null)?.returnToCart;

  const target = useTarget(productId, rowId);
  const product = target.product;
  const goNext = useGoNext();
  const { showCartNotices } = useCartNotices();
  const [addProduct] = useAddProductMutation();
  const [setFields] = useSetAdditionalFieldsMutation();
  const orderExtras = useOrderExtras();

  // Spec §4 "Product fields Save": the promo code and the chosen addon of the URL (each failure a
  // notification, the flow goes on), then the cart (returnToCart), post-fill (p=y) or the next step.
  const afterSave = useCallback(
    async (itemRowId: string, cart: Cart) => {
      if (!product) return;
      const current = await orderExtras({ rowId: itemRowId, product, cart, promocode, addonId });
      if (returnToCart) navigate(pathTo('cart'));
      else await goNext({ rowId: itemRowId, from: 'additional-product-fields', cart: current, flags: postponedStep ? { postfill: true } : undefined });
    },
    [addonId, goNext, navigate, orderExtras, postponedStep, product, promocode, returnToCart],
  );

  const store = useCallback(
    async (values: FieldValue[]) => {
      if (!product) return;
      if (target.rowId) {
        const res = await setFields({ rowId: target.rowId, line: { kind: 'product' }, additional_fields: values }).unwrap();
        showCartNotices(res.notices);
        await afterSave(target.rowId, res.cart);
        return;
      }
      const res = await addProduct({
        product_id: product.id,
        additional_fields: values,
        informations: orderInformations({ webcard_demo_reference: demoReference }),
        domains_from_row_id: tid,
      }).unwrap();
      // add_to_cart is pushed by the store's cart-analytics listener.
      showCartNotices(res.notices);
      await afterSave(res.row_id, res.cart);
    },
    [addProduct, afterSave, demoReference, product, setFields, showCartNotices, target.rowId, tid],
  );
  const params = useMemo(() => ({ product: product?.name ?? '' }), [product?.name]);
  const { save, failure } = useValidatedSave('product', store, params);
  const { family } = useFieldFamilyFor({ type: 'product', fieldProduct: product, rowId: target.rowId });

  // Spec §6: the fields of a preconfigured item are the sales agent's to change.
  const lock = usePreconfiguredLock(target.item);

  const title = t('titles.additional-product-fields');
  if (lock === 'locked') return <Navigate replace to={pathTo('cart')} />;
  if (target.isLoading || lock === 'pending') {
    return (
      <FieldsScreenState title={title}>
        <LoadingState lines={3} />
      </FieldsScreenState>
    );
  }
  if (target.error || !product) {
    return (
      <FieldsScreenState title={title}>
        <ErrorState messageKey={errorMessageKey(target.error as FetchBaseQueryError)} />
        <p>
          <Link to={pathTo('categories')}>{t('common.back_to_categories')}</Link>
        </p>
      </FieldsScreenState>
    );
  }

  const fields = product.additional_fields ?? [];
  return (
    <FieldsScreen
      heading={headlineOf(fieldsShown(fields, postponedStep)) ?? t('product_fields.heading', { product: product.name })}
      formKey={`product-${product.id}-${target.rowId ?? 'new'}`}
      fields={fields}
      postponedStep={postponedStep}
      stored={target.stored}
      onSave={save}
      failure={failure}
      family={family}
    >
      {product.type === 'certificate' && (
        <>
          <p className="hc-hint">{t('product_fields.certificate_hint')}</p>
          {/* Spec §9 informational texts: the certificate is not issued at once. */}
          <p className="hc-hint">{t('product_fields.certificate_provisioning')}</p>
        </>
      )}
    </FieldsScreen>
  );
}
