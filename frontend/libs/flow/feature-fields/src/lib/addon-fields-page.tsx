import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessageKey, isNotFound, useSetAdditionalFieldsMutation, type FieldValue } from '@hostcart/shared-data-access-api';
import { useCartNotices, useFlowItem, useGoNext, usePreconfiguredLock } from '@hostcart/flow-data-access-flow';
import type { FlowFlags } from '@hostcart/flow-util-guided-flow';
import { pathTo } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { fieldsShown, headlineOf } from '@hostcart/shared-ui-fields';
import { FieldsScreen, FieldsScreenState, useValidatedSave } from './fields-screen';
import { useFieldFamilyFor } from './use-field-family';

/** The two screens: addon lines (/additional-addon-fields) and upsell lines (/additional-popularaddon-fields). */
export type LineKindOfPage = 'addon' | 'upsell';

const SCREEN = { addon: 'additional-addon-fields', upsell: 'additional-popularaddon-fields' } as const;

/**
 * ?id (cart item)&addonId (the addon or upsell)&p: the fields of one addon or upsell line. After
 * saving, the guided flow names the next line of the same kind with unfilled fields (by its own
 * id, not the older system's addon id), then the upsells after the addons, then the cart; from
 * post-fill (p=y) it returns there.
 */
function LineFieldsPage({ kind }: { kind: LineKindOfPage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const rowId = query.get('id') || undefined;
  const lineId = Number(query.get('addonId'));
  const postponedStep = query.get('p') === 'y';
  const returnToCart = !!(location.state as { returnToCart?: boolean } | null)?.returnToCart;
  const flags = useMemo<FlowFlags | undefined>(
    () => (returnToCart || postponedStep ? { returnToCart, postfill: postponedStep } : undefined),
    [postponedStep, returnToCart],
  );
  const screen = SCREEN[kind];

  const flow = useFlowItem(rowId);
  const goNext = useGoNext();
  const { showCartNotices } = useCartNotices();
  const [setFields] = useSetAdditionalFieldsMutation();
  const [skipFailed, setSkipFailed] = useState(false);

  const line = (kind === 'addon' ? flow.item?.addons : flow.item?.upsells)?.find((l) => l.id === lineId);
  const lineProduct = flow.lineProducts.find((p) => p.id === lineId);
  const fields = lineProduct?.additional_fields ?? [];
  const shown = fieldsShown(fields, postponedStep);

  const store = useCallback(
    async (values: FieldValue[]) => {
      if (!rowId) return;
      const res = await setFields({ rowId, line: { kind, line_id: lineId }, additional_fields: values }).unwrap();
      showCartNotices(res.notices);
      await goNext({ rowId, from: { screen, lineId }, cart: res.cart, flags });
    },
    [flags, goNext, kind, lineId, rowId, screen, setFields, showCartNotices],
  );
  const { save, failure } = useValidatedSave(kind, store);
  const { family, swappingTo } = useFieldFamilyFor({ type: kind, fieldProduct: lineProduct, rowId, item: flow.item, product: flow.product, lineProducts: flow.lineProducts });

  // A line that is not in the item, or has nothing to fill in here, is skipped: the flow decides
  // from the item itself which line (if any) comes next.
  const swapping = swappingTo !== undefined && swappingTo !== lineId;
  // Spec §6: the lines of a preconfigured item are the sales agent's to change.
  const lock = usePreconfiguredLock(flow.item);
  const skip = lock === 'open' && !swapping && !!flow.context && (!line || !lineProduct || shown.length === 0);
  useEffect(() => {
    if (skip && rowId) void goNext({ rowId, from: line ? { screen, lineId } : screen, flags }).catch(() => setSkipFailed(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once when the skip is known and goNext navigates away; a new flow context or flags object must not send a second navigation.
  }, [skip]);

  const title = t(`titles.${screen}`);
  // Spec §2: an id that matches no cart item goes to the categories.
  if (flow.error && isNotFound(flow.error as FetchBaseQueryError)) return <Navigate replace to={pathTo('categories')} />;
  if (lock === 'locked') return <Navigate replace to={pathTo('cart')} />;
  if (flow.error || skipFailed) {
    return (
      <FieldsScreenState title={title}>
        <ErrorState messageKey={errorMessageKey(flow.error as FetchBaseQueryError)} onRetry={() => navigate(0)} />
      </FieldsScreenState>
    );
  }
  if (!flow.context || skip || lock === 'pending' || !line || !lineProduct) {
    return (
      <FieldsScreenState title={title}>
        <LoadingState lines={3} />
      </FieldsScreenState>
    );
  }

  return (
    <FieldsScreen
      heading={headlineOf(shown) ?? t('addon_fields.heading', { addon: lineProduct.name })}
      formKey={`${kind}-${rowId}-${lineId}`}
      fields={fields}
      postponedStep={postponedStep}
      stored={line.additional_fields}
      onSave={save}
      failure={failure}
      family={family}
    >
      <p>{t('addon_fields.intro', { addon: lineProduct.name, product: flow.product?.name ?? '' })}</p>
    </FieldsScreen>
  );
}

/** /additional-addon-fields?id&addonId&p */
export function AdditionalAddonFieldsPage() {
  return <LineFieldsPage kind="addon" />;
}

/** /additional-popularaddon-fields?id&addonId&p: the upsell variant (addonId is the upsell's id). */
export function AdditionalUpsellFieldsPage() {
  return <LineFieldsPage kind="upsell" />;
}
