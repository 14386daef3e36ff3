import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  errorMessageKey,
  heldCardPayment,
  paymentModalSize,
  useCheckoutCustomer,
  useGetPaymentTypesQuery,
  useGetPricedCartQuery,
  useGetProductsQuery,
  useGetSessionPaymentQuery,
  type PaymentOption,
  type PaymentType,
  type PricedCart,
  type Product,
  PAYMENT_SEPA,
} from '@hostcart/shared-data-access-api';
import { ActionBar } from '@hostcart/shared-feature-action-bar';
import { pathTo } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { checkoutPageView, track } from '@hostcart/shared-util-analytics';
import { CartSummary, CustomerSummary, PaymentSummary } from './confirm-summaries';
import { ConfirmPromoCode } from './confirm-promo-code';
import { ConsentsFieldset } from './consents-fieldset';
import { ContractBox } from './contract-box';
import { FeedbackFieldset } from './feedback-fieldset';
import { AGREEMENTS, type Agreement } from './feedback-rules';
import { OrderFailurePlaceholder } from './order-failure';
import { PaymentModal, usePaymentModal } from './payment-modal';
import { isPanelUser } from './storage';
import { useConfirmSubmit } from './use-confirm-submit';
import { useFeedbackForm } from './use-feedback-form';
import { afterOrder } from './use-place-order';

export { agreementProducts } from './consents-fieldset';
export { FEEDBACK_DEBOUNCE_MS } from './use-feedback-form';
export { ERROR_SCROLL_DELAY_MS, PAYMENT_AMOUNT_CHANGED, PAYPAL_INTEGRATION, UNEXPECTED_ERROR_KEY } from './use-confirm-submit';

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

/**
 * The confirm screen's layout: the summaries, the feedback and consents, the box the law asks for
 * directly above the order button, and the payment modal. Each part lives in its own file.
 */
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
  const { t } = useTranslation();
  const flag = (k: string) => brandProperties[k] === 'true';
  const showFeedback = !existing;
  const showReferral = showFeedback && flag('display_referral_id_input_on_confirmation');
  const showNewsletter = showFeedback && flag('offer_newsletter');
  const showPromo = showFeedback && flag('display_promocode_input_on_confirm_page');
  const required = priced.required_agreements.filter((a): a is Agreement => (AGREEMENTS as readonly string[]).includes(a));

  const consumer = customer?.basic_info?.group !== 0;
  const feedback = useFeedbackForm({ showFeedback, showReferral, showNewsletter, required, consumer });
  const modal = usePaymentModal(PaymentForm);
  const { submit, busy, failure, placeholderRef } = useConfirmSubmit({
    payment,
    priced,
    certificate: products.some((p) => p.type === 'certificate'),
    existing,
    showFeedback,
    showReferral,
    setError: feedback.form.setError,
    feedback,
    cardPaymentData,
    openPaymentModal: modal.openPaymentModal,
  });

  useEffect(() => track(checkoutPageView('confirm')), []);

  // The phone bar's jump (see below): to the first consent still open, else to the order button.
  const formRef = useRef<HTMLFormElement>(null);
  const orderRef = useRef<HTMLButtonElement>(null);
  const toOrder = () => {
    const open = formRef.current?.querySelector<HTMLInputElement>('input[type="checkbox"][aria-required="true"]:not(:checked)');
    (open ?? orderRef.current)?.focus();
  };

  const termsUrl = customer?.basic_info?.group === 0 ? brandProperties['terms_business_url'] : brandProperties['terms_private_url'];
  const panelUser = isPanelUser();

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
        <PaymentSummary payment={payment} types={types} onEdit={existing ? undefined : modal.openPaymentModal} />
        <CartSummary priced={priced} />
      </div>

      <form ref={formRef} noValidate onSubmit={feedback.form.handleSubmit(submit)} aria-busy={busy || undefined} className="hc-confirm__form">
        {showFeedback && <FeedbackFieldset form={feedback.form} showReferral={showReferral} showNewsletter={showNewsletter} />}
        {showPromo && <ConfirmPromoCode />}
        <ConsentsFieldset
          form={feedback.form}
          withTerms={showFeedback}
          required={required}
          termsUrl={termsUrl}
          brandProperties={brandProperties}
          priced={priced}
          products={products}
          consumer={consumer}
        />
        <OrderFailurePlaceholder ref={placeholderRef} failure={failure} />
        <ContractBox
          priced={priced}
          products={products}
          termsUrl={termsUrl}
          withdrawalUrl={brandProperties['revocation_url']}
          countryCode={brandProperties['country_code']}
          consumer={consumer}
          sepa={payment?.type === PAYMENT_SEPA}
          mandateReference={payment?.type === PAYMENT_SEPA ? payment.mandate_reference || undefined : undefined}
          // Spec §4: the cart (a product or addon with sms_validation) or the payment type asks for the SMS code.
          smsRequired={priced.sms_validation || !!types.find((pt) => pt.slug === payment?.type)?.sms_validation_required}
        />
        <div className="hc-form-actions">
          <Link className="hc-button hc-button--secondary" to={existing ? pathTo('logout') : pathTo('payment')}>
            {t('customer_forms.back')}
          </Link>
          <button ref={orderRef} type="submit" className="hc-button hc-button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('order_confirm.buying') : t('order_confirm.buy_now')}
          </button>
        </div>
      </form>
      {/*
        On phones the bar keeps the total in reach (issue 23) but not a second order button: the
        law wants the button directly below the box with the contract's essentials and the total
        (§ 312j (2), (3) BGB; FAGG § 8), and a copy floating over whatever is scrolled to would be
        a button apart from that box. The bar's action leads to the order instead: it focuses the
        first consent still to be given, else the order button (focus scrolls it above the bar,
        scroll-padding of action-bar.css). Wider screens show neither: the button is in the flow.
      */}
      <ActionBar>
        <button type="button" className="hc-button hc-confirm__to-order" onClick={toOrder}>
          {t('order_confirm.to_order')}
        </button>
      </ActionBar>

      {PaymentForm && <PaymentModal PaymentForm={PaymentForm} open={modal.open} onClose={modal.close} size={modalSize(types.length)} />}
    </div>
  );
}
