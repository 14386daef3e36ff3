import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useNavigationType, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CARD_PROVIDER_PREFIX,
  approveUrl,
  errorDetails,
  errorMessageKey,
  errorParams,
  firstFieldErrors,
  isUnexpectedError,
  type ErrorDetails,
  useCheckoutCustomer,
  useConfirmPaypalSubscriptionMutation,
  forgetCardPayment,
  heldCardPayment,
  paymentModalSize,
  useCreateCardPaymentMutation,
  useCreatePaypalSubscriptionMutation,
  useGetPaymentTypesQuery,
  useGetPricedCartQuery,
  useGetProductsQuery,
  useGetSessionPaymentQuery,
  useRedeemPromotionCodeMutation,
  useSetReferralMutation,
  useSubmitPaymentDetailsMutation,
  type CardPaymentResult,
  type PaymentOption,
  type PaymentType,
  type PricedCart,
  type Product,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { notify, useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, LoadingState, Modal } from '@hostcart/shared-ui';
import { checkoutPageView, track } from '@hostcart/shared-util-analytics';
import { formatList } from '@hostcart/shared-util-pricing';
import { CartSummary, CustomerSummary, PaymentSummary } from './confirm-summaries';
import { ContractBox } from './contract-box';
import {
  ADVERTISED_MAX,
  ADVERTISED_MIN,
  AGREEMENTS,
  COMMENT_MAX,
  FEEDBACK_FIELDS,
  KNOWN_FROM_MAX,
  KNOWN_FROM_MIN,
  REFERRAL_MAX,
  REFERRAL_MIN,
  commentRule,
  lengthRule,
  orderPayload,
  referralRule,
  type Agreement,
} from './feedback-rules';
import { newIdempotencyKey, withRetries } from './idempotency';
import { EMPTY_FEEDBACK, isPanelUser, loadFeedback, saveFeedback, type FeedbackValues } from './storage';
import { redirectTo } from './redirect';
import { afterOrder, usePlaceOrder } from './use-place-order';

/** Spec §9: feedback update debounce and the error scroll delay. */
export const FEEDBACK_DEBOUNCE_MS = 500;
export const ERROR_SCROLL_DELAY_MS = 40;
export const PAYPAL_INTEGRATION = 'paypal-integration';
/** Card results that authorise the order (spec §4 "Card payment result"). */
const CARD_ACCEPTED = new Set(['Authorised', 'Pending', 'Received']);
/** The order service's refusal of a payment made for another cart (it voided that payment). */
export const PAYMENT_AMOUNT_CHANGED = 'payment.amount_changed';
const KNOWN_FROM = ['advertising', 'magazine', 'magazine_special', 'search_engine', 'customer_referral', 'other'] as const;

/** The card data the payment screen held in memory for this step (the component's paymentMethod). */
const heldCardData = () => heldCardPayment()?.paymentMethod;

export interface ConfirmPageProps {
  /** The checkout breadcrumbs, handed in by the app. */
  breadcrumbs?: ReactNode;
  /**
   * The payment form of the payment screen for the edit modal, handed in by the app (a feature
   * library does not import another). Saving it navigates to /confirm, which closes the modal.
   * Without it the edit link opens /payment with returnToConfirm.
   */
  PaymentForm?: ComponentType;
  /** The card component's paymentMethod data the payment screen keeps in memory; undefined when missing. */
  cardPaymentData?: () => unknown;
  /** The payment library's modal size rule (defaults to spec §2's). */
  modalSize?: (typeCount: number) => 'large' | 'medium';
}

/** /confirm/:order_code? (spec §2 "Confirm"): guards of spec §4, then the confirm screen. */
export function ConfirmPage(props: ConfirmPageProps) {
  const { t } = useTranslation();
  const state = useCheckoutCustomer();
  const priced = useGetPricedCartQuery();
  const payment = useGetSessionPaymentQuery();
  const types = useGetPaymentTypesQuery();
  // The catalog's products of the cart: what each one is, for the box above the order button.
  const productIds = cartProductIds(priced.data?.priced);
  const products = useGetProductsQuery({ ids: productIds, includeHidden: true }, { skip: productIds.length === 0 });
  // Leaving after an order ends the hand-over; a later visit guards as usual.
  useEffect(
    () => () => {
      afterOrder.navigating = false;
    },
    [],
  );
  if (afterOrder.navigating) return <LoadingState label={t('common.loading')} />;
  if (state.isLoading || priced.isLoading || payment.isLoading || types.isLoading) return <LoadingState label={t('common.loading')} />;
  const error = state.error ?? priced.error ?? payment.error;
  if (error) {
    return (
      <ErrorState
        messageKey={errorMessageKey(error as never)}
        onRetry={() => {
          state.refetch();
          void priced.refetch();
          void payment.refetch();
        }}
      />
    );
  }
  // Spec §4 guards: a non-empty cart and either (a selected payment and a customer) or an existing customer.
  const ready = state.existing || (!!payment.data && !!state.customer?.validated);
  if (state.cartEmpty || !priced.data || !ready) return <Navigate to="/" replace />;
  return (
    <ConfirmScreen
      {...props}
      priced={priced.data.priced}
      payment={payment.data ?? null}
      types={types.data ?? []}
      products={products.data ?? []}
      existing={state.existing}
      brandProperties={state.brand?.properties ?? {}}
      customer={state.customer}
    />
  );
}

/** The distinct product, addon and upsell ids of the priced cart, sorted (one catalog request). */
export function cartProductIds(priced: PricedCart | undefined): number[] {
  const ids = new Set<number>();
  for (const item of priced?.items ?? []) {
    for (const l of [item.product, ...item.addons, ...item.upsells]) if (l) ids.add(l.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Per agreement, the names of the cart's products that ask for it (catalog attribute "true"). */
export function agreementProducts(priced: PricedCart, products: Product[]): Record<string, string[]> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const out: Record<string, string[]> = {};
  for (const item of priced.items) {
    for (const l of [item.product, ...item.addons, ...item.upsells]) {
      if (!l) continue;
      for (const a of byId.get(l.id)?.attributes ?? []) {
        if (a.value !== 'true') continue;
        const names = (out[a.key] ??= []);
        if (!names.includes(l.name)) names.push(l.name);
      }
    }
  }
  return out;
}

type SubmitKind = 'card' | 'paypal' | 'plain';

function kindOf(payment: PaymentOption | null): SubmitKind {
  if (payment?.type.startsWith(CARD_PROVIDER_PREFIX)) return 'card';
  if (payment?.type === PAYPAL_INTEGRATION) return 'paypal';
  return 'plain';
}

/** The redirect URL of the card provider's action (3-D Secure): {type: 'redirect', url}. */
function actionUrl(result: CardPaymentResult): string | undefined {
  if (!result.action_json) return undefined;
  try {
    const action = JSON.parse(result.action_json) as { url?: unknown };
    return typeof action.url === 'string' && action.url ? action.url : undefined;
  } catch {
    return undefined;
  }
}

interface PlaceholderError {
  key: string;
  params?: Record<string, string>;
  details?: ErrorDetails;
}

/** Spec §8: an order error the API gave no message for is the 'unexpected error'. */
export const UNEXPECTED_ERROR_KEY = 'error.unexpected';

function ConfirmScreen({
  breadcrumbs,
  PaymentForm,
  cardPaymentData = heldCardData,
  modalSize = paymentModalSize,
  priced,
  payment,
  types,
  products,
  existing,
  brandProperties,
  customer,
}: ConfirmPageProps & {
  priced: PricedCart;
  payment: PaymentOption | null;
  types: PaymentType[];
  products: Product[];
  existing: boolean;
  brandProperties: Record<string, string>;
  customer: ReturnType<typeof useCheckoutCustomer>['customer'];
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const { order_code: orderCode } = useParams();
  const [query] = useSearchParams();
  const flag = (k: string) => brandProperties[k] === 'true';
  const showFeedback = !existing;
  const showReferral = showFeedback && flag('display_referral_id_input_on_confirmation');
  const showNewsletter = showFeedback && flag('offer_newsletter');
  const showPromo = showFeedback && flag('display_promocode_input_on_confirm_page');
  const required = priced.required_agreements.filter((a): a is Agreement => (AGREEMENTS as readonly string[]).includes(a));
  const kind = kindOf(payment);

  const {
    register,
    handleSubmit,
    watch,
    setError,
    getValues,
    formState: { errors },
  } = useForm<FeedbackValues>({ mode: 'onTouched', defaultValues: showFeedback ? loadFeedback() : EMPTY_FEEDBACK });

  const [modalOpen, setModalOpen] = useState(false);
  const [failure, setFailure] = useState<PlaceholderError | null>(null);
  const [busy, setBusy] = useState(false);
  const placeholderRef = useRef<HTMLDivElement>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const returning = useRef(false);

  const [setReferral] = useSetReferralMutation();
  const [createCardPayment] = useCreateCardPaymentMutation();
  const [submitDetails] = useSubmitPaymentDetailsMutation();
  const [createSubscription] = useCreatePaypalSubscriptionMutation();
  const [confirmSubscription] = useConfirmPaypalSubscriptionMutation();
  const { place } = usePlaceOrder();

  useEffect(() => track(checkoutPageView('confirm')), []);

  // Spec §3/§9: the feedback is kept in browser storage, written 500 ms after the last change.
  useEffect(() => {
    if (!showFeedback) return undefined;
    const sub = watch((values) => {
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => saveFeedback({ ...EMPTY_FEEDBACK, ...(values as FeedbackValues) }), FEEDBACK_DEBOUNCE_MS);
    });
    return () => {
      sub.unsubscribe();
      clearTimeout(saveTimer.current);
    };
  }, [showFeedback, watch]);

  // The payment modal closes when its form moves on (it pushes /confirm) or the visitor goes back.
  // Not on a replace: the return from a card redirect replaces its URL, and React may commit that
  // navigation (a transition) only after the refusal of the order has opened the modal again.
  const locationKey = location.key;
  const navigationType = useNavigationType();
  useEffect(() => {
    if (String(navigationType) !== 'REPLACE') setModalOpen(false);
    // Once per navigation: its type belongs to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locationKey]);

  const showFailure = useCallback((f: PlaceholderError) => {
    setFailure(f);
    // Spec §8: the page scrolls to the error placeholder after 40 ms.
    setTimeout(() => {
      const el = placeholderRef.current;
      el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      el?.focus({ preventScroll: true });
    }, ERROR_SCROLL_DELAY_MS);
  }, []);

  /** Spec §8 "Order confirm failure": the errors map at the feedback fields, else one message in the placeholder. */
  const showError = useCallback(
    (e: unknown, fieldAlias: Record<string, keyof FeedbackValues> = {}) => {
      const byField = firstFieldErrors(e);
      let placed = false;
      if (showFeedback) {
        for (const [serverField, key] of Object.entries(byField)) {
          const field = fieldAlias[serverField] ?? serverField;
          if ((FEEDBACK_FIELDS as readonly string[]).includes(field) && (field !== 'referral_id' || showReferral)) {
            (setError as UseFormSetError<FeedbackValues>)(field as keyof FeedbackValues, { type: 'server', message: key }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) {
        const key = isUnexpectedError(e as never) ? UNEXPECTED_ERROR_KEY : errorMessageKey(e as never);
        showFailure({ key, params: errorParams(e as never), details: errorDetails(e as never) });
      }
      return placed;
    },
    [setError, showFailure, showFeedback, showReferral],
  );

  const payload = useCallback(
    (values: FeedbackValues) => {
      // An existing customer sees no feedback section: the legal text stands for the terms (spec §3 defaults).
      const v = showFeedback ? values : { ...values, generalbusinessterm: true, privacyterm: true };
      return orderPayload(v, required, showReferral, showNewsletter);
    },
    [required, showFeedback, showNewsletter, showReferral],
  );

  const flushFeedback = useCallback(() => {
    clearTimeout(saveTimer.current);
    if (showFeedback) saveFeedback(getValues());
  }, [getValues, showFeedback]);

  const openPaymentModal = useCallback(() => {
    if (PaymentForm) setModalOpen(true);
    else navigate(pathTo('payment'), { state: { returnToConfirm: true } });
  }, [PaymentForm, navigate]);

  /**
   * A failed submit: its message, and when the server refused the payment because the cart changed
   * after paying (it voided that payment), the payment form again so the shopper pays the new total.
   */
  const showSubmitError = useCallback(
    (e: unknown) => {
      showError(e);
      if (errorMessageKey(e as never) === PAYMENT_AMOUNT_CHANGED && !existing) openPaymentModal();
    },
    [existing, openPaymentModal, showError],
  );

  /** The card result of one attempt: redirect for an action, else place the order when accepted. */
  const afterCardResult = useCallback(
    async (result: CardPaymentResult, key: string, feedback: FeedbackValues) => {
      const url = actionUrl(result);
      if (url) {
        redirectTo(url);
        return;
      }
      if (CARD_ACCEPTED.has(result.result_code)) {
        // The provider has the payment: the card data has served and is not kept any longer.
        forgetCardPayment();
        await place(key, feedback);
        return;
      }
      showFailure({ key: 'payment.refused' });
      if (!existing) openPaymentModal();
    },
    [existing, openPaymentModal, place, showFailure],
  );

  async function submit(values: FeedbackValues) {
    if (busy) return;
    setFailure(null);
    setBusy(true);
    // Spec: every submit attempt has its own key; retries of the attempt reuse it.
    const key = newIdempotencyKey();
    const feedback = payload(values);
    // Written now (no save pending while the order is placed; the card and PayPal redirects leave the page).
    flushFeedback();
    try {
      // Spec §4: a referral id is set first; a referrer error blocks (before any money moves).
      if (feedback.referral_id) {
        try {
          await withRetries(() => setReferral(feedback.referral_id).unwrap());
        } catch (e) {
          showError(e, { id: 'referral_id' });
          return;
        }
      }
      if (kind === 'card') {
        const data = cardPaymentData?.();
        if (!data) {
          showFailure({ key: 'payment.payment_data_missing' });
          if (!existing) openPaymentModal();
          return;
        }
        const result = await withRetries(() => createCardPayment({ idempotencyKey: key, paymentMethod: data }).unwrap());
        await afterCardResult(result, key, feedback);
        return;
      }
      if (kind === 'paypal') {
        const subscription = await withRetries(() => createSubscription({ idempotencyKey: key, orderCode: orderCode || 'new' }).unwrap());
        const url = approveUrl(subscription);
        if (!url) {
          dispatch(notify({ type: 'error', title: 'payment.error_title', message: 'error.something_went_wrong' }));
          return;
        }
        redirectTo(url);
        return;
      }
      await place(key, feedback);
    } catch (e) {
      showSubmitError(e);
    } finally {
      setBusy(false);
    }
  }

  // Spec §4 "Return from a card redirect" and "Return from PayPal": the stored feedback, the
  // payment finished with the provider's answer, then the order (each a new attempt).
  const redirectResult = query.get('redirectResult');
  const subscriptionId = query.get('subscription_id');
  useEffect(() => {
    if (returning.current || (!redirectResult && !subscriptionId)) return;
    returning.current = true;
    const key = newIdempotencyKey();
    const feedback = payload(showFeedback ? loadFeedback() : EMPTY_FEEDBACK);
    // The return URL is used once: a reload must not send it again.
    navigate(pathTo('confirm', orderCode ? { order_code: orderCode } : {}), { replace: true });
    setBusy(true);
    void (async () => {
      try {
        if (redirectResult) {
          const result = await withRetries(() => submitDetails({ idempotencyKey: key, redirectResult }).unwrap());
          await afterCardResult(result, key, feedback);
        } else if (subscriptionId) {
          await withRetries(() => confirmSubscription(subscriptionId).unwrap());
          await place(key, feedback);
        }
      } catch (e) {
        showSubmitError(e);
      } finally {
        setBusy(false);
      }
    })();
    // Runs once per return URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirectResult, subscriptionId]);

  const err = (name: keyof FeedbackValues) => errors[name]?.message;
  const knownFrom = watch('known_from');
  const termsUrl = customer?.basic_info?.group === 0 ? brandProperties['terms_business_url'] : brandProperties['terms_private_url'];
  const privacyUrl = brandProperties['privacy_url'];
  const panelUser = isPanelUser();
  const agreementUrl: Record<Agreement, string | undefined> = {
    mca_agreement: brandProperties['terms_mca_url'],
    eult_agreement: brandProperties['terms_eult_url'],
    gtc_agreement: brandProperties['terms_gtc_url'],
  };
  const appliesTo = agreementProducts(priced, products);
  const list = (names: string[]) => formatList(names, i18n.language);

  return (
    <div className="hc-page hc-confirm">
      {breadcrumbs}
      <h1>{t('order_confirm.heading')}</h1>
      <p className="hc-confirm__legal">
        {t('order_confirm.legal_text')}{' '}
        {termsUrl && (
          <a href={termsUrl} target="_blank" rel="noreferrer">
            {t('order_confirm.terms_link')}
          </a>
        )}
      </p>
      <div className="hc-confirm__grid">
        {!panelUser && customer && <CustomerSummary customer={customer} editable={!existing} />}
        <PaymentSummary payment={payment} types={types} onEdit={existing ? undefined : openPaymentModal} />
        <CartSummary priced={priced} />
      </div>

      <form noValidate onSubmit={handleSubmit(submit)} aria-busy={busy || undefined} className="hc-confirm__form">
        {showFeedback && (
          <fieldset className="hc-fieldset">
            <legend className="hc-fieldset__legend">{t('order_confirm.feedback_heading')}</legend>
            {showReferral && (
              <TextField id="referral_id" label={t('order_confirm.referral_id')} error={err('referral_id')} params={{ min: REFERRAL_MIN, max: REFERRAL_MAX }}>
                {(p) => <input {...p} className="hc-input" autoComplete="off" maxLength={REFERRAL_MAX + 20} {...register('referral_id', { validate: referralRule })} />}
              </TextField>
            )}
            <TextField id="known_from" label={t('order_confirm.known_from')} error={err('known_from')}>
              {(p) => (
                <select {...p} className="hc-input" {...register('known_from')}>
                  <option value="">{t('order_confirm.known_from_none')}</option>
                  {KNOWN_FROM.map((o) => (
                    <option key={o} value={o}>
                      {t(`order_confirm.known_from_options.${o}`)}
                    </option>
                  ))}
                </select>
              )}
            </TextField>
            {knownFrom === 'other' && (
              <TextField id="other_known_from" label={t('order_confirm.other_known_from')} error={err('other_known_from')} params={{ min: KNOWN_FROM_MIN, max: KNOWN_FROM_MAX }}>
                {(p) => <input {...p} className="hc-input" {...register('other_known_from', { validate: lengthRule(KNOWN_FROM_MIN, KNOWN_FROM_MAX) })} />}
              </TextField>
            )}
            {knownFrom === 'customer_referral' && (
              <TextField id="advertised_customer" label={t('order_confirm.advertised_customer')} error={err('advertised_customer')} params={{ min: ADVERTISED_MIN, max: ADVERTISED_MAX }}>
                {(p) => <input {...p} className="hc-input" {...register('advertised_customer', { validate: lengthRule(ADVERTISED_MIN, ADVERTISED_MAX) })} />}
              </TextField>
            )}
            <TextField id="comment" label={t('order_confirm.comment')} error={err('comment')} params={{ max: COMMENT_MAX }}>
              {(p) => <textarea {...p} className="hc-input" rows={3} {...register('comment', { validate: commentRule })} />}
            </TextField>
            {showNewsletter && <Check id="allowed_newsletter" label={t('order_confirm.newsletter')} registration={register('allowed_newsletter')} error={err('allowed_newsletter')} />}
          </fieldset>
        )}
        {showPromo && <ConfirmPromoCode />}
        {(showFeedback || required.length > 0) && (
          <fieldset className="hc-fieldset">
            <legend className="hc-fieldset__legend">{t('order_confirm.consents_heading')}</legend>
            {showFeedback && (
              <>
                <Check
                  id="generalbusinessterm"
                  label={t('order_confirm.consent_terms')}
                  link={termsUrl}
                  linkLabel={t('order_confirm.terms_link')}
                  required
                  registration={register('generalbusinessterm', { validate: (v) => v || 'validation.accepted' })}
                  error={err('generalbusinessterm')}
                />
                <Check
                  id="privacyterm"
                  label={t('order_confirm.consent_privacy')}
                  link={privacyUrl}
                  linkLabel={t('order_confirm.privacy_link')}
                  required
                  registration={register('privacyterm', { validate: (v) => v || 'validation.accepted' })}
                  error={err('privacyterm')}
                />
              </>
            )}
            {required.map((a) => (
              <Check
                key={a}
                id={a}
                label={t(`order_confirm.consent_${a}`)}
                hint={appliesTo[a]?.length ? t('order_confirm.agreement_applies_to', { products: list(appliesTo[a]) }) : undefined}
                link={agreementUrl[a]}
                linkLabel={t('order_confirm.agreement_link')}
                required
                registration={register(a, { validate: (v) => v || 'validation.accepted' })}
                error={err(a)}
              />
            ))}
          </fieldset>
        )}
        <div ref={placeholderRef} tabIndex={-1} className="hc-confirm__error" data-testid="order-error">
          {failure && (
            <div className="hc-error-state hc-error-state--inline" role="alert">
              <p>{t(failure.key, { ...failure.params, defaultValue: t('error.order_not_completed') })}</p>
              {failure.details && <ErrorDetailsDisclosure details={failure.details} />}
            </div>
          )}
        </div>
        <ContractBox
          priced={priced}
          products={products}
          termsUrl={termsUrl}
          withdrawalUrl={brandProperties['revocation_url']}
          countryCode={brandProperties['country_code']}
          consumer={customer?.basic_info?.group !== 0}
          sepa={payment?.type === 'sepa'}
        />
        <div className="hc-form-actions">
          <Link className="hc-button hc-button--secondary" to={existing ? pathTo('logout') : pathTo('payment')}>
            {t('customer_forms.back')}
          </Link>
          <button type="submit" className="hc-button hc-button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('order_confirm.buying') : t('order_confirm.buy_now')}
          </button>
        </div>
      </form>

      {PaymentForm && (
        <Modal open={modalOpen} title={t('order_confirm.payment_modal_title')} onClose={() => setModalOpen(false)} closeLabel={t('common.close')} size={modalSize(types.length)}>
          <PaymentForm />
        </Modal>
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled control (input, select, textarea) with its message below, tied together for screen readers. */
function TextField({ id, label, error, params, children }: { id: string; label: string; error?: string; params?: Record<string, number>; children: (p: ControlProps) => ReactNode }) {
  const { t } = useTranslation();
  const inputId = `feedback-${id}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="hc-field">
      <label htmlFor={inputId} className="hc-label">
        {label}
      </label>
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="hc-field-error">
          {t(error, { field: label, ...params })}
        </p>
      )}
    </div>
  );
}

function Check({
  id,
  label,
  hint,
  link,
  linkLabel,
  required,
  registration,
  error,
}: {
  id: string;
  label: string;
  /** Which products the agreement is for. */
  hint?: string;
  link?: string;
  linkLabel?: string;
  required?: boolean;
  registration: ReturnType<ReturnType<typeof useForm<FeedbackValues>>['register']>;
  error?: string;
}) {
  const { t } = useTranslation();
  const inputId = `feedback-${id}`;
  const errorId = `${inputId}-error`;
  return (
    <div className="hc-field hc-field--checkbox">
      <div className="hc-checkbox">
        <input id={inputId} type="checkbox" aria-required={required || undefined} aria-invalid={error ? true : undefined} aria-describedby={[hint ? `${inputId}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined} {...registration} />
        <label htmlFor={inputId}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      </div>
      {link && (
        <a className="hc-confirm__consent-link" href={link} target="_blank" rel="noreferrer">
          {linkLabel}
        </a>
      )}
      {hint && (
        <p id={`${inputId}-hint`} className="hc-hint hc-confirm__consent-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="hc-field-error">
          {t(error, { field: label })}
        </p>
      )}
    </div>
  );
}

/** The promo code of the confirm page (brand flag display_promocode_input_on_confirm_page), the cart's redeem call. */
function ConfirmPromoCode() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ key: string; params?: Record<string, string>; error: boolean } | null>(null);
  const [redeem, redeeming] = useRedeemPromotionCodeMutation();
  async function apply() {
    const value = code.trim();
    if (!value) return;
    setMessage(null);
    try {
      const res = await redeem(value).unwrap();
      setCode('');
      setMessage({ key: 'cart_page.promo.applied', params: { code: res.code }, error: false });
    } catch (e) {
      setMessage({ key: errorMessageKey(e as never), params: { code: value, ...errorParams(e as never) }, error: true });
    }
  }
  return (
    <div className="hc-field hc-promo-form">
      <label htmlFor="confirm-promo" className="hc-label">
        {t('cart_page.promo.label')}
      </label>
      <div className="hc-promo-form__row">
        <input
          id="confirm-promo"
          className="hc-input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          aria-invalid={message?.error || undefined}
          aria-describedby={message ? 'confirm-promo-message' : undefined}
        />
        <button type="button" className="hc-button hc-button--secondary" disabled={code.trim() === '' || redeeming.isLoading} onClick={() => void apply()}>
          {t('cart_page.promo.redeem')}
        </button>
      </div>
      {message && (
        <p id="confirm-promo-message" className={message.error ? 'hc-field-error' : 'hc-hint'} role="status">
          {t(message.key, message.params ?? {})}
        </p>
      )}
    </div>
  );
}

/** Spec §8: the expandable details of an order error, what support needs to find the request. */
function ErrorDetailsDisclosure({ details }: { details: ErrorDetails }) {
  const { t } = useTranslation();
  const rows: [string, string | undefined][] = [
    ['error.details_status', details.status],
    ['error.details_key', details.key],
    ['error.details_request_id', details.requestId],
  ];
  const shown = rows.filter((r): r is [string, string] => !!r[1]);
  if (shown.length === 0) return null;
  return (
    <details className="hc-error-details" data-testid="order-error-details">
      <summary>{t('error.details')}</summary>
      <dl>
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
