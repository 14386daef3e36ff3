import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  useAddAddonMutation,
  useGetCountriesQuery,
  useRemoveAddonMutation,
  useValidateAdditionalFieldsMutation,
  type FieldValue,
  type Product,
} from '@hostcart/shared-data-access-api';
import { useCartNotices, useGoNext } from '@hostcart/flow-data-access-flow';
import { FieldsForm, fieldsShown, type ServerFieldErrors } from '@hostcart/shared-ui-fields';
import { AddonPrice } from './addon-price';
import { addonPeriodFor, availableLinks, isRemovable, parentPeriod, promotedAddonMaturity } from './addon-period';
import { flowScreen, useFailureText, type ScreenBodyProps } from './flow-screen';
import { ActionBar } from '@hostcart/shared-feature-action-bar';

/**
 * /promoted-addons?id&addonId: the promoted addons of the item's product one at a time with
 * previous, next and continue (spec §2). Selecting toggles the addon; one with fields to fill
 * first shows them, with cancel and 'add to cart' (disabled until valid).
 */
export const PromotedAddonsPage = flowScreen('titles.promoted-addons', Promoted, { addsItems: true });

function Promoted({ state, item, product, lineProducts }: ScreenBodyProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const goNext = useGoNext();
  const { showCartNotices } = useCartNotices();
  const failureText = useFailureText();
  const countries = useGetCountriesQuery();
  const [addAddon, { isLoading: adding }] = useAddAddonMutation();
  const [removeAddon, { isLoading: removing }] = useRemoveAddonMutation();
  const [validate] = useValidateAdditionalFieldsMutation();
  const [fieldsOf, setFieldsOf] = useState<Product>();
  const [failure, setFailure] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rowId = item.row_id;
  const parent = parentPeriod(product, item);
  const promoted = parent
    ? availableLinks(product, lineProducts, parent)
        .filter(({ link }) => link.is_promoted)
        .sort((a, b) => a.link.promoted_addon_order - b.link.promoted_addon_order)
    : [];
  const addonId = Number(query.get('addonId'));
  const index = Math.max(0, promoted.findIndex(({ link }) => link.addon_id === addonId));
  const current = promoted[index];
  const busy = adding || removing;

  const proceed = () => void goNext({ rowId, from: 'promoted-addons', flags: state.flags }).catch((e) => setFailure(failureText(e)));
  const show = (i: number) => {
    setFailure(undefined);
    setFieldsOf(undefined);
    setQuery({ id: rowId, addonId: String(promoted[i].link.addon_id) }, { state: { returnToCart: state.flags?.returnToCart } });
  };

  const nothing = promoted.length === 0;
  useEffect(() => {
    if (nothing) proceed();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- proceed navigates away once when there is nothing to show; it is a new function every render and must not run again.
  }, [nothing]);
  useEffect(() => headingRef.current?.focus(), [index, fieldsOf]);

  if (!current || !parent) return null;
  const { link, addon } = current;
  const inCart = item.addons.some((a) => a.id === addon.id);
  const fields = addon.additional_fields ?? [];

  const add = async (additional_fields?: FieldValue[]) => {
    // Spec §4: the addon's term of the parent's months, else its default term and interval.
    const { maturity_id, interval_id } = addonPeriodFor(addon, parent, 'default');
    const res = await addAddon({ rowId, addon_id: addon.id, maturity_id, interval_id, additional_fields }).unwrap();
    showCartNotices(res.notices);
  };

  const toggle = async () => {
    setFailure(undefined);
    try {
      if (inCart) {
        const res = await removeAddon({ rowId, addonId: addon.id }).unwrap();
        showCartNotices(res.notices);
      } else if (fieldsShown(fields, false).length > 0) {
        setFieldsOf(addon);
      } else {
        await add();
      }
    } catch (e) {
      setFailure(failureText(e));
    }
  };

  const saveFields = async (values: FieldValue[]): Promise<ServerFieldErrors | void> => {
    setFailure(undefined);
    try {
      if (values.length > 0) {
        const verdict = await validate({ fields: values.map((v) => ({ id: v.field_id, value: v.value, type: 'addon' as const })) }).unwrap();
        if (Object.values(verdict.errors).some((keys) => keys.length > 0)) return verdict.errors;
      }
      await add(values);
      setFieldsOf(undefined);
    } catch (e) {
      setFailure(failureText(e));
      return {};
    }
  };

  const alert = failure && (
    <p role="alert" className="hc-error">
      {failure}
    </p>
  );

  if (fieldsOf) {
    return (
      <section className="hc-page hc-page--narrow">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('addon_screens.fields_heading', { addon: addon.name })}
        </h1>
        {alert}
        <FieldsForm
          key={addon.id}
          fields={fields}
          countries={countries.data ?? []}
          brandCountry={state.brandCountry}
          onSave={saveFields}
          saveLabel={t('addon_screens.add_to_cart')}
          secondaryActions={
            <button type="button" className="hc-button hc-button--secondary" onClick={() => setFieldsOf(undefined)}>
              {t('addon_screens.cancel')}
            </button>
          }
        />
      </section>
    );
  }

  const nameId = `promoted-${addon.id}-name`;
  return (
    <section className="hc-page hc-page--narrow" aria-busy={busy || undefined}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('titles.promoted-addons')}
      </h1>
      <p className="hc-visually-hidden">{t('addon_screens.step_of', { step: index + 1, total: promoted.length })}</p>
      {alert}
      <article className={`hc-card${inCart ? ' hc-card--selected' : ''}`} aria-labelledby={nameId}>
        <h2 id={nameId} className="hc-card__title">
          {addon.name}
        </h2>
        {addon.tagline && <p className="hc-card__tagline">{addon.tagline}</p>}
        {addon.description && <p>{addon.description}</p>}
        <AddonPrice maturity={promotedAddonMaturity(addon, parent)} withVat={state.withVat} />
        {!isRemovable(link) ? (
          // Spec §2: non-removable addons come by themselves: no add button, no delete.
          inCart && <p className="hc-card__badge">{t('addon_screens.included')}</p>
        ) : (
          <button type="button" className="hc-button" aria-pressed={inCart} aria-describedby={nameId} disabled={busy} onClick={() => void toggle()}>
            {t(inCart ? 'addon_screens.selected' : 'addon_screens.select')}
          </button>
        )}
      </article>
      <div className="hc-actions">
        <button type="button" className="hc-button hc-button--secondary" disabled={index === 0 || busy} onClick={() => show(index - 1)}>
          {t('addon_screens.previous')}
        </button>
        <button type="button" className="hc-button hc-button--secondary" disabled={index >= promoted.length - 1 || busy} onClick={() => show(index + 1)}>
          {t('addon_screens.next')}
        </button>
        <ActionBar>
          <button type="button" className="hc-button" disabled={busy} onClick={proceed}>
            {t('addon_screens.continue')}
          </button>
        </ActionBar>
      </div>
    </section>
  );
}
