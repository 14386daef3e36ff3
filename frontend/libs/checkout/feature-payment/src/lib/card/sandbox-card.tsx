// The sandbox card component (environment 'sandbox': devstack and tests): the shop's own form with
// card number, expiry, CVC and holder, reporting the paymentMethod the shop's sandbox provider reads
// ({type, number, expiryMonth, expiryYear, cvc, holderName}). It is mounted into its container
// like the provider's component, through the same CardComponent interface.
import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { CardPaymentMethodData } from '@hostcart/shared-data-access-api';
import { useClock } from '@hostcart/shared-ui';
import { rootErrorReporting } from '@hostcart/shared-util-reporting';
import type { CardComponent, CardComponentOptions } from './card-component';

/** Card numbers have 12 to 19 digits (ISO/IEC 7812), spaces between them allowed. */
export const CARD_NUMBER_MIN = 12;
export const CARD_NUMBER_MAX = 19;

export interface SandboxCardValues {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

const digitsOf = (v: string) => v.replace(/\s+/g, '');

/** The Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card number's message key, or null when it is valid: digits and spaces, 12–19 digits, Luhn. */
export function cardNumberError(value: string): string | null {
  const digits = digitsOf(value);
  if (digits === '') return 'payment_card.number_required';
  if (!/^\d+$/.test(digits) || digits.length < CARD_NUMBER_MIN || digits.length > CARD_NUMBER_MAX || !luhnValid(digits)) {
    return 'payment_card.number_invalid';
  }
  return null;
}

/** MM/YY (spaces around the slash allowed) as month and four-digit year; null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/** The expiry's message key, or null: MM/YY, and a card is valid through the end of its month. */
export function expiryError(value: string, now: Date): string | null {
  if (value.trim() === '') return 'payment_card.expiry_required';
  const exp = parseExpiry(value);
  if (!exp) return 'payment_card.expiry_invalid';
  if (exp.year * 12 + exp.month < now.getFullYear() * 12 + now.getMonth() + 1) return 'payment_card.expiry_past';
  return null;
}

/** The CVC's message key, or null: 3 or 4 digits. */
export function cvcError(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'payment_card.cvc_required';
  return /^\d{3,4}$/.test(v) ? null : 'payment_card.cvc_invalid';
}

/** The holder's message key, or null. */
export function holderError(value: string): string | null {
  return value.trim() === '' ? 'payment_card.holder_required' : null;
}

/** The paymentMethod of valid values, as the sandbox provider reads it; null when any value is invalid. */
export function sandboxPaymentMethod(type: string, values: SandboxCardValues, now: Date): CardPaymentMethodData | null {
  if (cardNumberError(values.number) || expiryError(values.expiry, now) || cvcError(values.cvc) || holderError(values.holder)) return null;
  const exp = parseExpiry(values.expiry) as { month: number; year: number };
  return {
    type,
    number: digitsOf(values.number),
    expiryMonth: String(exp.month).padStart(2, '0'),
    expiryYear: String(exp.year),
    cvc: values.cvc.trim(),
    holderName: values.holder.trim(),
  };
}

export interface SandboxCardFormProps {
  /** The provider's method type the data is for (scheme). */
  type: string;
  onChange: CardComponentOptions['onChange'];
  /** Prefix of the fields' ids, unique in the document (createSandboxCard numbers its mounts). */
  idPrefix?: string;
}

/**
 * A required, labelled input of the card form with its error below (shared-ui's FormField markup)
 * under an id the caller gives: the form is its own React root, where useId starts over and its
 * ids would repeat the page's (on the confirm page the modal's title and the CVC were both P0-2).
 */
function CardField({
  id,
  label,
  registration,
  error,
  ...input
}: { id: string; label: string; registration: UseFormRegisterReturn; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="hc-field">
      <label htmlFor={id} className="hc-label">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <input id={id} className="hc-input" aria-required aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} {...registration} />
      {error && (
        <p id={errorId} className="hc-field-error">
          {t(error, { field: label })}
        </p>
      )}
    </div>
  );
}

/** The form: errors at their fields once a field was left, validity reported on every change. */
export function SandboxCardForm({ type, onChange, idPrefix = 'hc-sandbox-card' }: SandboxCardFormProps) {
  const { t } = useTranslation();
  const clock = useClock();
  const {
    register,
    watch,
    formState: { errors },
  } = useForm<SandboxCardValues>({ mode: 'onTouched', defaultValues: { number: '', expiry: '', cvc: '', holder: '' } });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [number, expiry, cvc, holder] = watch(['number', 'expiry', 'cvc', 'holder']);
  const lastReport = useRef<string | null>(null);
  useEffect(() => {
    const paymentMethod = sandboxPaymentMethod(type, { number, expiry, cvc, holder }, clock.now());
    // Report changes of validity or data only, not every render.
    const report = paymentMethod ? JSON.stringify(paymentMethod) : '';
    if (report === lastReport.current) return;
    lastReport.current = report;
    onChangeRef.current(!!paymentMethod, paymentMethod);
  }, [type, number, expiry, cvc, holder, clock]);
  const err = (name: keyof SandboxCardValues) => errors[name]?.message;

  return (
    <fieldset className="hc-fieldset" data-testid="sandbox-card">
      <legend className="hc-fieldset__legend">{t('payment_card.legend')}</legend>
      <p className="hc-hint">{t('payment_card.sandbox_note')}</p>
      <CardField
        id={`${idPrefix}-number`}
        label={t('payment_card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        maxLength={CARD_NUMBER_MAX + 8}
        registration={register('number', { validate: (v) => cardNumberError(v) ?? true })}
        error={err('number')}
      />
      <CardField
        id={`${idPrefix}-expiry`}
        label={t('payment_card.expiry')}
        inputMode="numeric"
        autoComplete="cc-exp"
        spellCheck={false}
        maxLength={7}
        registration={register('expiry', { validate: (v) => expiryError(v, clock.now()) ?? true })}
        error={err('expiry')}
      />
      <CardField
        id={`${idPrefix}-cvc`}
        label={t('payment_card.cvc')}
        inputMode="numeric"
        autoComplete="cc-csc"
        spellCheck={false}
        maxLength={4}
        registration={register('cvc', { validate: (v) => cvcError(v) ?? true })}
        error={err('cvc')}
      />
      <CardField
        id={`${idPrefix}-holder`}
        label={t('payment_card.holder')}
        autoComplete="cc-name"
        spellCheck={false}
        registration={register('holder', { validate: (v) => holderError(v) ?? true })}
        error={err('holder')}
      />
    </fieldset>
  );
}

/** Numbers the components, so two forms (payment screen and a modal) never share an id. */
let mounts = 0;

/** The sandbox component behind the CardComponent interface: its own React root in the container. */
export function createSandboxCard(options: CardComponentOptions): CardComponent {
  let root: Root | null = null;
  const idPrefix = `hc-sandbox-card-${++mounts}`;
  return {
    mount(container) {
      // A root of its own: errors in it never reach the shell's root, so it reports them the
      // same way (rootErrorReporting) instead of React's default console output.
      root = createRoot(container, rootErrorReporting());
      root.render(
        <I18nextProvider i18n={options.i18n}>
          <SandboxCardForm type={options.method.type} onChange={options.onChange} idPrefix={idPrefix} />
        </I18nextProvider>,
      );
    },
    unmount() {
      root?.unmount();
      root = null;
    },
  };
}
