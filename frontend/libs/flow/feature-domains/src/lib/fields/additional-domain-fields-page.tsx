import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  errorMessageKey,
  CLOUD_DOMAINS_ORDER,
  panelOrderType,
  useGetCartQuery,
  useGetCountriesQuery,
  useGetCurrentBrandQuery,
  useGetSessionCustomerQuery,
  useGetProductsQuery,
  useGetTldsQuery,
  useValidateDomainAdditionalFieldsMutation,
  type AdditionalField,
  type DomainFieldValue,
} from '@hostcart/shared-data-access-api';
import { PreconfiguredGate } from '@hostcart/flow-data-access-flow';
import { pathTo } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import type { Cart } from '@hostcart/shared-data-access-api';
import { domainsOfItem, itemIdFrom, type SelectedDomain } from '../selection/domain-selection';
import { useDomainSelection } from '../selection/cart-selection';
import { fieldsOf, useDomainsNext } from '../lookup/next-step';
import { withKnownItem } from '../screens/known-item';
import { DomainFieldInput } from './domain-field-input';
import { fieldsShown, firstViolation, initialValue, serverMessageParams } from './field-rules';

type FormValues = Record<string, Record<string, string>>;

/** A domain's stored values as the shared widgets' initialValue reads them. */
const storedOf = (domain: SelectedDomain) => Object.entries(domain.additionalFields).map(([id, value]) => ({ field_id: Number(id), value }));

interface DomainForm {
  /** Form section name of the domain ("d0", "d1", ...): domain names contain dots. */
  name: string;
  domain: SelectedDomain;
  fields: AdditionalField[];
}

/**
 * /domains/additional-domain-fields?id&d&p: the additional fields of the chosen domains, one
 * fieldset per domain. Values are checked with the shared rules while typing and by the server
 * before they are kept; p=y (post-fill) shows the postponed fields too. An id of no cart item goes
 * to the categories (spec §2).
 */
export const AdditionalDomainFieldsPage = withKnownItem(LockedItemGate);

/**
 * Spec §6: the domain fields of a preconfigured item (the id's, else the domains-only order's)
 * are the sales agent's to change; anybody else opening them by URL goes to the cart.
 */
function LockedItemGate() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const selection = useDomainSelection();
  // The cart the selection reads (the same cached query): its items carry the lock.
  const cart = useGetCartQuery();
  const rowId = query.get('id') || selection.domainOnlyRowId;
  const item = cart.data?.cart.items.find((i) => i.row_id === rowId);
  const loading = (
    <section className="hc-page">
      <h1>{t('titles.domains-additional-fields')}</h1>
      <LoadingState lines={3} />
    </section>
  );
  return (
    <PreconfiguredGate item={item} fallback={loading}>
      <DomainFieldsPage />
    </PreconfiguredGate>
  );
}

function DomainFieldsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const selection = useDomainSelection();
  const itemId = itemIdFrom(query.get('id'), selection);
  const rowId = itemId ?? selection.domainOnlyRowId;
  const goNext = useDomainsNext();
  const onlyDomain = query.get('d') ?? undefined;
  const postponedStep = query.get('p') === 'y';
  const returnToCart = !!(location.state as { returnToCart?: boolean } | null)?.returnToCart;

  const tlds = useGetTldsQuery();
  const countries = useGetCountriesQuery();
  const brand = useGetCurrentBrandQuery();
  const productId = itemId ? selection.productIdOf(itemId) : undefined;
  const products = useGetProductsQuery(undefined, { skip: productId === undefined });
  const product = products.data?.find((p) => p.id === productId);
  const [validateOnServer, validation] = useValidateDomainAdditionalFieldsMutation();
  // Who signed in through the cloud panel decides the exit (spec §2 "Additional domain fields").
  const session = useGetSessionCustomerQuery();
  const panelOrder = panelOrderType(session.data?.customer);
  const [formError, setFormError] = useState<string | undefined>();

  const chosen = useMemo(() => domainsOfItem(selection.domains, itemId), [selection.domains, itemId]);
  const forms = useMemo<DomainForm[]>(() => {
    const wanted = chosen.filter((c) => !onlyDomain || c.domain === onlyDomain || c.domainUnicode === onlyDomain);
    return wanted
      .map((domain, i) => ({ name: `d${i}`, domain, fields: fieldsShown(fieldsOf(domain, tlds.data), postponedStep) }))
      .filter((f) => f.fields.length > 0);
  }, [chosen, onlyDomain, tlds.data, postponedStep]);

  const flags = useMemo(() => ({ returnToCart, postfill: postponedStep }), [returnToCart, postponedStep]);

  /**
   * The exits of spec §2 "Additional domain fields", in its order: the post-fill walk and the cart
   * (when opened from them) first; a cloud-panel domains order, which has no cart or customer
   * steps, fills the postponed fields of the item's domains now (post-fill with p=y), and that walk
   * ends on confirm; another external sign-in goes to confirm; everybody else the next step (§4).
   */
  const exit = useCallback(
    async (cart?: Cart) => {
      if (!postponedStep && !returnToCart && panelOrder) {
        navigate(panelOrder === CLOUD_DOMAINS_ORDER && rowId ? pathTo('postfill-domains', {}, { id: rowId, p: 'y' }) : pathTo('confirm'));
        return;
      }
      await goNext({ from: 'domains-additional-fields', rowId, cart, flags });
    },
    [postponedStep, returnToCart, panelOrder, navigate, rowId, goNext, flags],
  );
  const brandCountry = brand.data?.properties['country_code'] ?? '';

  const defaults = useMemo<FormValues>(
    () =>
      Object.fromEntries(
        forms.map((f) => [
          f.name,
          Object.fromEntries(
            f.fields.map((field) => [field.key, initialValue(field, storedOf(f.domain), brandCountry)]),
          ),
        ]),
      ),
    [forms, brandCountry],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<FormValues>({ mode: 'onChange', values: defaults, resetOptions: { keepDirtyValues: true } });

  // Nothing to fill in here: the step is skipped (once; the cart may refetch meanwhile).
  const skipped = useRef(false);
  // An id of no cart item has nothing to fill either, but is KnownItemGate's to send away (to the
  // categories), never a reason to go on.
  const unknownItem = !!itemId && productId === undefined;
  const nothingToFill = !tlds.isLoading && !tlds.error && !selection.isLoading && !selection.error && !unknownItem && forms.length === 0;
  useEffect(() => {
    // The exit depends on the session's customer: wait for its answer (a visitor's is a 404).
    if (!nothingToFill || session.isLoading || skipped.current) return;
    skipped.current = true;
    void exit();
  }, [nothingToFill, session.isLoading, exit]);

  if (tlds.isLoading || selection.isLoading || nothingToFill) {
    return (
      <section className="hc-page">
        <h1>{t('titles.domains-additional-fields')}</h1>
        <LoadingState lines={3} />
      </section>
    );
  }
  const loadError = tlds.error ?? selection.error;
  if (loadError) {
    return (
      <section className="hc-page">
        <h1>{t('titles.domains-additional-fields')}</h1>
        <ErrorState messageKey={errorMessageKey(loadError as never)} onRetry={() => void tlds.refetch()} />
      </section>
    );
  }

  const onSave = handleSubmit(async (values) => {
    setFormError(undefined);
    const fields: DomainFieldValue[] = forms.flatMap((f) =>
      f.fields.map((field) => ({ domain: f.domain.domain, field_id: field.id, value: (values[f.name]?.[field.key] ?? '').trim() })),
    );
    const answer = await validateOnServer({ fields, includePostponed: postponedStep });
    if ('error' in answer) {
      setFormError(t(errorMessageKey(answer.error), { defaultValue: t('error.generic') }));
      return;
    }
    if (!answer.data.valid) {
      for (const problem of answer.data.errors) {
        const form = forms.find((f) => f.domain.domain === problem.domain);
        const field = form?.fields.find((x) => x.id === problem.field_id);
        const key = problem.errors[0] ?? 'domain.invalid';
        const message = JSON.stringify({ key, params: serverMessageParams(field, key) });
        if (form && field) setError(`${form.name}.${field.key}`, { type: 'server', message });
        else setFormError(t(problem.errors[0] ?? 'domain.invalid', { defaultValue: t('domain.invalid') }));
      }
      return;
    }
    let cart: Cart | undefined;
    for (const f of forms) {
      const saved = await selection.saveAdditionalFields(
        f.domain.domain,
        Object.fromEntries(f.fields.map((field) => [String(field.id), (values[f.name]?.[field.key] ?? '').trim()])),
      );
      // The selection reported the failure; the form stays for another try.
      if (!saved.ok) return;
      cart = saved.cart ?? cart;
    }
    await exit(cart);
  });

  const serverErrorShown = forms.some((f) => f.fields.some((field) => errors[f.name]?.[field.key]?.type === 'server'));
  const messageOf = (formName: string, key: string): string | undefined => {
    const raw = errors[formName]?.[key]?.message;
    if (!raw) return undefined;
    const { key: messageKey, params } = JSON.parse(raw) as { key: string; params?: Record<string, string> };
    return t(messageKey, { ...params, defaultValue: t('error.generic') });
  };

  return (
    <section className="hc-page hc-page--narrow">
      <h1>{t('titles.domains-additional-fields')}</h1>
      <p>{product ? t('domains.fields.intro_product', { product: product.name }) : t('domains.fields.intro')}</p>
      <form noValidate onSubmit={(e) => void onSave(e)}>
        {forms.map((f) => (
          <fieldset key={f.domain.domain} className="hc-fieldset" data-domain={f.domain.domain}>
            <legend className="hc-fieldset__legend">{f.domain.domainUnicode}</legend>
            {f.fields.find((x) => x.headline) && <p className="hc-fieldset__headline">{f.fields.find((x) => x.headline)?.headline}</p>}
            {f.fields.map((field) => (
              <Controller
                key={field.id}
                control={control}
                name={`${f.name}.${field.key}`}
                rules={{
                  validate: (value) => {
                    const problem = firstViolation(field, typeof value === 'string' ? value : '');
                    return problem ? JSON.stringify(problem) : true;
                  },
                }}
                render={({ field: input }) => <DomainFieldInput field={field} input={input} countries={countries.data ?? []} error={messageOf(f.name, field.key)} />}
              />
            ))}
          </fieldset>
        ))}
        {formError && (
          <p className="hc-field-error" role="alert">
            {formError}
          </p>
        )}
        <div className="hc-form-actions">
          <button type="button" className="hc-button hc-button--secondary" onClick={() => navigate(-1)}>
            {t('domains.fields.back')}
          </button>
          <button type="submit" className="hc-button" disabled={!isValid || serverErrorShown || validation.isLoading}>
            {t('domains.fields.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
