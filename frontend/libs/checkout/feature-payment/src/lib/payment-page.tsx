import { Fragment, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  PAYMENT_SEPA,
  errorMessageKey,
  forgetCardPayment,
  holdCardPayment,
  isCardProviderType,
  rememberSessionPayment,
  firstFieldErrors,
  useCheckoutCustomer,
  useGetPaymentTypesQuery,
  useGetPricedCartQuery,
  useGetSessionPaymentQuery,
  useSavePaymentMutation,
  type CardPaymentMethodData,
  type PaymentForm,
  type PaymentType,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { pricedCartLines, useAppDispatch } from '@hostcart/shared-store';
import { ErrorState, FormField, LoadingState, useClock } from '@hostcart/shared-ui';
import { addPaymentInfo, track } from '@hostcart/shared-util-analytics';
import { CardPayment } from './card/card-payment';
import { MAX_BIC, MAX_HOLDER, MAX_IBAN, MIN_BIC, MIN_HOLDER, MIN_IBAN, normalizeSepaValue, sepaFieldRule } from './sepa-rules';
import { ActionBar } from '@hostcart/shared-feature-action-bar';

/** Spec §9: the bank's name (the holder, IBAN and BIC rules are sepa-rules.ts, checked against libs/testvectors/sepa.json). */
export const MAX_BANK = 255;

interface FormValues {
  type: string;
  holder: string;
  iban: string;
  bic: string;
  bank: string;
  permission: boolean;
}

const FIELDS = ['type', 'holder', 'iban', 'bic', 'bank', 'permission'] as const;


/** The card provider's methods (adyen-*): their form is the provider's component (spec §5). */
export function isCardMethod(type: PaymentType | undefined): boolean {
  return isCardProviderType(type?.slug);
}

/** What the card component last reported. */
interface CardVerdict {
  valid: boolean;
  paymentMethod: CardPaymentMethodData | null;
}

export interface PaymentPageProps {
  /** The checkout breadcrumbs, handed in by the app. */
  breadcrumbs?: ReactNode;
}

/**
 * /payment (spec §2 "Payment"): the brand's payment types, the SEPA form, the card provider's
 * component; PayPal, bank transfer and credit card need no form (spec §5 "Other payment forms").
 */
export function PaymentPage({ breadcrumbs }: PaymentPageProps) {
  const { t } = useTranslation();
  const state = useCheckoutCustomer();
  const types = useGetPaymentTypesQuery();
  const current = useGetSessionPaymentQuery();
  if (state.isLoading || types.isLoading || current.isLoading) return <LoadingState label={t('common.loading')} />;
  if (state.error || types.error) {
    const retry = () => {
      void state.refetch();
      void types.refetch();
    };
    return <ErrorState messageKey={errorMessageKey((state.error ?? types.error) as never)} onRetry={retry} />;
  }
  // Spec §4 guards: payment needs a cart, a customer, and not an existing customer.
  if (state.cartEmpty || !state.customer?.validated || state.existing) return <Navigate to="/" replace />;
  return (
    <PaymentScreen
      types={types.data ?? []}
      current={current.data ?? null}
      showBank={state.brand?.properties['display_bank_name_input_field'] === 'true'}
      countryCode={state.customer.address?.country_code || undefined}
      creditorName={state.brand?.properties['sepa_creditor_name'] ?? ''}
      creditorId={state.brand?.properties['sepa_creditor_id'] ?? ''}
      creditorAddress={state.brand?.properties['company_address'] ?? ''}
      debtorAddress={state.customer.address ?? null}
      customerName={[state.customer.basic_info?.first_name, state.customer.basic_info?.last_name].filter(Boolean).join(' ')}
      breadcrumbs={breadcrumbs}
    />
  );
}

/** The debtor's address in one line: street, postal code and city, the country in the page's language. */
function addressLine(a: { street: string; postal_code: string; city: string; country_code: string }, locale: string): string {
  let country = a.country_code;
  try {
    country = new Intl.DisplayNames([locale || 'en-GB'], { type: 'region' }).of(a.country_code) ?? a.country_code;
  } catch {
    // An unknown code stays as it is.
  }
  return [a.street, `${a.postal_code} ${a.city}`.trim(), country].filter(Boolean).join(', ');
}

/** The mandate's date (the day it is given), as the page's language writes dates. */
function formatDate(d: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale || 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

function PaymentScreen({
  types,
  current,
  showBank,
  countryCode,
  creditorName = '',
  creditorId = '',
  creditorAddress = '',
  debtorAddress = null,
  customerName = '',
  breadcrumbs,
}: {
  types: PaymentType[];
  current: { type: string; holder: string; bic: string; bank: string; permission: boolean } | null;
  showBank: boolean;
  countryCode?: string;
  /** The brand's SEPA creditor (properties sepa_creditor_name, sepa_creditor_id) the mandate names. */
  creditorName?: string;
  creditorId?: string;
  /** The creditor's address (the brand's company_address) and the debtor's (the customer's): the rulebook's mandate names both. */
  creditorAddress?: string;
  debtorAddress?: { street: string; postal_code: string; city: string; country_code: string } | null;
  /** The customer's name: the account holder until the customer enters another. */
  customerName?: string;
  breadcrumbs?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const clock = useClock();
  const navigate = useNavigate();
  const location = useLocation();
  const returnToConfirm = !!(location.state as { returnToConfirm?: boolean } | null)?.returnToConfirm;
  const priced = useGetPricedCartQuery();
  const [save, saving] = useSavePaymentMutation();
  const dispatch = useAppDispatch();
  const [formError, setFormError] = useState<string | null>(null);
  // The card component's data stays in this screen's memory until saved, then in the held card
  // payment for the confirm step (data-access-api): never in the store or the browser's storage.
  const [cardVerdict, setCardVerdict] = useState<CardVerdict>({ valid: false, paymentMethod: null });
  const known = current && types.some((pt) => pt.slug === current.type) ? current : null;
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    mode: 'onTouched',
    defaultValues: {
      type: known?.type ?? '',
      holder: known?.holder || customerName,
      // The stored IBAN comes back masked: it is entered again.
      iban: '',
      bic: known?.bic ?? '',
      bank: known?.bank ?? '',
      permission: known?.permission ?? false,
    },
  });
  const chosen = types.find((pt) => pt.slug === watch('type'));
  // The mandate names the holder as entered (the rulebook's debtor name).
  const holder = watch('holder') ?? '';
  const sepa = chosen?.slug === PAYMENT_SEPA;
  const card = isCardMethod(chosen);
  const cardReady = !card || (cardVerdict.valid && !!cardVerdict.paymentMethod);
  const err = (name: keyof FormValues) => errors[name]?.message;

  async function submit(values: FormValues) {
    setFormError(null);
    const body: PaymentForm = { type: values.type };
    if (values.type === PAYMENT_SEPA) {
      Object.assign(body, { holder: normalizeSepaValue('holder', values.holder), iban: normalizeSepaValue('iban', values.iban), bic: normalizeSepaValue('bic', values.bic), permission: values.permission });
      if (showBank) body.bank = values.bank.trim();
    }
    // The card's data never goes to /session/payment: only its type does.
    const cardData = isCardProviderType(values.type) ? cardVerdict.paymentMethod : null;
    if (isCardProviderType(values.type) && !cardData) {
      setFormError('payment.payment_data_missing');
      return;
    }
    try {
      const saved = await save(body).unwrap();
      await dispatch(rememberSessionPayment(saved));
      if (cardData) holdCardPayment({ type: values.type, paymentMethod: cardData });
      else forgetCardPayment();
      if (priced.data) track(addPaymentInfo(values.type, pricedCartLines(priced.data.priced), priced.data.priced.totals?.total_display_cents ?? 0));
      navigate(pathTo('confirm'), { state: returnToConfirm ? { returnToConfirm } : undefined });
    } catch (e) {
      const byField = firstFieldErrors(e);
      let placed = false;
      for (const f of FIELDS) {
        if (byField[f]) {
          setError(f, { type: 'server', message: byField[f] }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFormError(errorMessageKey(e as never));
    }
  }

  if (types.length === 0) {
    return (
      <div className="hc-page hc-page--narrow">
        {breadcrumbs}
        <h1>{t('payment_form.heading')}</h1>
        <p role="alert">{t('payment.no_method_available')}</p>
      </div>
    );
  }

  return (
    <div className="hc-page hc-page--narrow">
      {breadcrumbs}
      <h1>{t('payment_form.heading')}</h1>
      <form noValidate onSubmit={handleSubmit(submit)} aria-busy={saving.isLoading || undefined}>
        <fieldset className="hc-choice-group" aria-describedby={err('type') ? 'payment-type-error' : undefined}>
          <legend className="hc-label">{t('payment_form.choose')}</legend>
          {types.map((pt) => (
            <Fragment key={pt.slug}>
              <label className="hc-choice">
                <input
                  type="radio"
                  value={pt.slug}
                  aria-describedby={pt.sms_validation_required ? `payment-sms-${pt.slug}` : undefined}
                  {...register('type', { required: { value: true, message: 'payment.payment_data_missing' } })}
                />
                <span>{pt.name}</span>
              </label>
              {/* Said where the type is chosen, not only after the order (issue 23): the order then asks for an SMS code. */}
              {pt.sms_validation_required && (
                <p id={`payment-sms-${pt.slug}`} className="hc-hint" data-testid="payment-sms-hint">
                  {t('payment_form.sms_required')}
                </p>
              )}
            </Fragment>
          ))}
          {err('type') && (
            <p id="payment-type-error" className="hc-field-error">
              {t(err('type') as string)}
            </p>
          )}
        </fieldset>
        {card && chosen && (
          <CardPayment slug={chosen.slug} countryCode={countryCode} onChange={(valid, paymentMethod) => setCardVerdict({ valid, paymentMethod })} />
        )}
        {sepa && (
          <fieldset className="hc-fieldset">
            <legend className="hc-fieldset__legend">{t('payment_form.sepa_legend')}</legend>
            <FormField
              label={t('payment_form.holder')}
              required
              autoComplete="cc-name"
              registration={register('holder', { validate: sepaFieldRule('holder') })}
              error={err('holder')}
              errorParams={{ min: MIN_HOLDER, max: MAX_HOLDER }}
            />
            <FormField
              label={t('payment_form.iban')}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder={known?.type === PAYMENT_SEPA ? t('payment_form.iban_again') : undefined}
              registration={register('iban', { validate: sepaFieldRule('iban') })}
              error={err('iban')}
              errorParams={{ min: MIN_IBAN, max: MAX_IBAN }}
            />
            <FormField
              label={t('payment_form.bic')}
              required
              autoComplete="off"
              spellCheck={false}
              registration={register('bic', { validate: sepaFieldRule('bic') })}
              error={err('bic')}
              errorParams={{ min: MIN_BIC, max: MAX_BIC }}
            />
            {showBank && (
              <FormField
                label={t('payment_form.bank')}
                required
                registration={register('bank', {
                  validate: (v) => (v.trim() === '' ? 'payment.bank_required' : v.trim().length <= MAX_BANK || 'validation.max_length'),
                })}
                error={err('bank')}
                errorParams={{ max: MAX_BANK }}
              />
            )}
            {/* The mandate text of the SEPA Core rulebook: creditor, identifier, recurrent payments, the refund right. */}
            <div className="hc-mandate" data-testid="sepa-mandate">
              <p className="hc-label">{t('payment_form.mandate_heading')}</p>
              {creditorName && creditorId && (
                <p data-testid="sepa-mandate-creditor">
                  {t('payment_form.mandate_creditor', { creditor: creditorAddress ? `${creditorName}, ${creditorAddress}` : creditorName, creditorId })}
                </p>
              )}
              {creditorName && creditorId && <p>{t('payment_form.mandate_text', { creditor: creditorName, creditorId })}</p>}
              <p>{t('payment_form.mandate_refund')}</p>
              <p>{t('payment_form.mandate_prenotification')}</p>
              <p data-testid="sepa-mandate-debtor">
                {t('payment_form.mandate_debtor', { holder: holder.trim() || '…', address: debtorAddress ? addressLine(debtorAddress, i18n.language) : '…' })}
              </p>
              <p data-testid="sepa-mandate-place-date">
                {t('payment_form.mandate_place_date', { place: debtorAddress?.city || '…', date: formatDate(clock.now(), i18n.language) })}
              </p>
              <p>{t('payment_form.mandate_reference')}</p>
            </div>
            <div className="hc-checkbox">
              <input
                id="payment-permission"
                type="checkbox"
                aria-invalid={err('permission') ? true : undefined}
                aria-describedby={err('permission') ? 'payment-permission-error' : undefined}
                {...register('permission', { validate: (v) => v || 'payment.permission_required' })}
              />
              <label htmlFor="payment-permission">{t('payment_form.permission')}</label>
            </div>
            {err('permission') && (
              <p id="payment-permission-error" className="hc-field-error">
                {t(err('permission') as string)}
              </p>
            )}
          </fieldset>
        )}
        {formError && (
          <p className="hc-field-error" role="alert">
            {t(formError)}
          </p>
        )}
        <ActionBar totalOnDesktop>
          <div className="hc-form-actions">
            <Link className="hc-button hc-button--secondary" to={pathTo('address')}>
              {t('customer_forms.back')}
            </Link>
            <button type="submit" className="hc-button hc-button--primary" disabled={!chosen || !cardReady || saving.isLoading} aria-busy={saving.isLoading || undefined}>
              {t('customer_forms.next')}
            </button>
          </div>
        </ActionBar>
      </form>
    </div>
  );
}
