import { useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  ORDER_AWAITING_SMS,
  errorMessageKey,
  useGetOrderQuery,
  useGetSessionCustomerQuery,
  useResendSmsMutation,
  useValidateSmsMutation,
} from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { ErrorState, LoadingState } from '@hostcart/shared-ui';
import { ContractTotals } from './contract-box';
import { storeOrder, storedOrder } from './storage';
import { summaryOfOrder } from './success-page';

/** Spec §9: SMS code length. */
export const SMS_CODE_LENGTH = 5;
/** Spec §5: letters and digits without the easily confused 0, l, I and O. */
export const SMS_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]$/;

export function isSmsCharacter(c: string): boolean {
  return SMS_ALPHABET.test(c);
}

/** The messages of a failed validation per input (spec §5 "SMS", §7): phoneNo and smsCode lists, plus the general one. */
interface SmsErrors {
  phoneNo: string[];
  smsCode: string[];
  general: string | null;
}

function smsErrors(e: unknown): SmsErrors {
  const data = e && typeof e === 'object' && 'data' in e ? (e as { data?: { errors?: Record<string, unknown> } }).data : undefined;
  const list = (k: string) => {
    const v = data?.errors?.[k];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  };
  return { phoneNo: list('phoneNo'), smsCode: list('smsCode'), general: errorMessageKey(e as never) };
}

/** /sms-validation (spec §2 "SMS validation"): needs an order awaiting its SMS code, else '/'. */
export function SmsValidationPage() {
  const { t } = useTranslation();
  const stored = storedOrder();
  const order = useGetOrderQuery(stored ? stored.order_id : skipToken);
  const customer = useGetSessionCustomerQuery();
  if (!stored) return <Navigate to="/" replace />;
  if (order.isLoading || customer.isLoading) return <LoadingState label={t('common.loading')} />;
  if (order.error && !('status' in order.error && order.error.status === 404)) {
    return <ErrorState messageKey={errorMessageKey(order.error as never)} onRetry={() => void order.refetch()} />;
  }
  if (!order.data || order.data.status !== ORDER_AWAITING_SMS) return <Navigate to="/" replace />;
  const phone = customer.data?.customer.address?.phone?.trim() ?? '';
  // The total of the order the code confirms (issue 23: a total on every checkout step), from the
  // confirm page's kept presentation while it is this order's; nothing when it is not.
  const summary = summaryOfOrder(order.data);
  const figures = summary?.priced.totals?.presentation;
  const total = figures ? <ContractTotals figures={figures} withVat={summary.priced.prices_with_vat} testId="sms-totals" /> : null;
  return <SmsScreen orderId={order.data.order_id} askPhone={!phone} maskedPhone={maskPhone(phone)} total={total} />;
}

/**
 * The number the code went to, masked but recognisable: an international number's "+" and two
 * digits (+43, +49) and the last two digits, the rest as •; a short number only its last two.
 */
export function maskPhone(phone: string): string {
  const compact = phone.replace(/[\s/().-]/g, '');
  if (compact.length < 6) return compact ? `•••${compact.slice(-2)}` : '';
  const keep = compact.startsWith('+') ? 3 : 0;
  return `${compact.slice(0, keep)}${'•'.repeat(Math.max(3, compact.length - keep - 2))}${compact.slice(-2)}`;
}

function SmsScreen({ orderId, askPhone, maskedPhone, total }: { orderId: string; askPhone: boolean; maskedPhone: string; total: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [chars, setChars] = useState<string[]>(() => Array(SMS_CODE_LENGTH).fill(''));
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<SmsErrors | null>(null);
  const [sent, setSent] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const [validate, validating] = useValidateSmsMutation();
  const [resend, resending] = useResendSmsMutation();
  const complete = chars.every((c) => c !== '');

  const focus = (i: number) => boxes.current[Math.max(0, Math.min(SMS_CODE_LENGTH - 1, i))]?.focus();

  function setAt(i: number, c: string) {
    setChars((prev) => prev.map((x, j) => (j === i ? c : x)));
  }

  function onInput(i: number, box: HTMLInputElement) {
    const value = box.value;
    // The last typed allowed character counts; anything else is dropped.
    const allowed = [...value].filter(isSmsCharacter);
    if (allowed.length === 0) {
      if (value === '') setAt(i, '');
      // The box shows what it held: a refused character changes no state, so no render would
      // put the value back.
      else box.value = chars[i];
      return;
    }
    if (allowed.length >= SMS_CODE_LENGTH) {
      fill(allowed.join(''));
      return;
    }
    setAt(i, allowed[allowed.length - 1]);
    if (i < SMS_CODE_LENGTH - 1) focus(i + 1);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace') {
      e.preventDefault();
      // Backspace clears the box, or on an empty box moves back and clears that one (spec §2).
      if (chars[i]) setAt(i, '');
      else if (i > 0) {
        setAt(i - 1, '');
        focus(i - 1);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  }

  function fill(text: string) {
    const code = [...text].filter(isSmsCharacter).slice(0, SMS_CODE_LENGTH);
    if (code.length !== SMS_CODE_LENGTH) return false;
    setChars(code);
    focus(SMS_CODE_LENGTH - 1);
    return true;
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    const text = e.clipboardData.getData('text').trim();
    if (fill(text)) e.preventDefault();
  }

  async function onResend() {
    setSent(false);
    try {
      await resend(orderId).unwrap();
      setSent(true);
    } catch (e) {
      // Spec §8: a failed resend is only logged.
      console.warn('SMS resend failed', e);
    }
  }

  async function onConfirm() {
    if (!complete) return;
    setErrors(null);
    try {
      const order = await validate({ orderId, phoneNo: askPhone ? phone.trim() : '', smsCode: chars.join('') }).unwrap();
      storeOrder(order);
      navigate(pathTo('success', { orderId: order.order_id }), { replace: true });
    } catch (e) {
      setErrors(smsErrors(e));
    }
  }

  const codeDescribedBy = ['sms-code-hint', errors?.smsCode.length || errors?.general ? 'sms-code-error' : ''].filter(Boolean).join(' ');
  return (
    <div className="hc-page hc-page--narrow hc-sms">
      <h1>{t('sms_validation.heading')}</h1>
      <p data-testid="sms-intro">{maskedPhone ? t('sms_validation.intro_to', { phone: maskedPhone }) : t('sms_validation.intro')}</p>
      {total}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onConfirm();
        }}
      >
        {askPhone && (
          <div className="hc-field">
            <label htmlFor="sms-phone" className="hc-label">
              {t('sms_validation.phone')}
            </label>
            <input
              id="sms-phone"
              className="hc-input"
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              aria-invalid={errors?.phoneNo.length ? true : undefined}
              aria-describedby={errors?.phoneNo.length ? 'sms-phone-error' : undefined}
            />
            {!!errors?.phoneNo.length && (
              <p id="sms-phone-error" className="hc-field-error">
                {errors.phoneNo.map((k, i) => (
                  <span key={k + i}>
                    {i > 0 && <br />}
                    {t(k, { field: t('sms_validation.phone') })}
                  </span>
                ))}
              </p>
            )}
          </div>
        )}
        <fieldset className="hc-fieldset hc-sms__code" aria-describedby={codeDescribedBy}>
          <legend className="hc-label">{t('sms_validation.code')}</legend>
          <p id="sms-code-hint" className="hc-hint">
            {t('sms_validation.code_hint')}
          </p>
          <div className="hc-sms__boxes">
            {chars.map((c, i) => (
              <input
                key={i}
                ref={(el) => {
                  boxes.current[i] = el;
                }}
                className="hc-input hc-sms__box"
                value={c}
                inputMode="text"
                autoComplete={i === 0 ? 'one-time-code' : 'off'}
                autoCapitalize="off"
                spellCheck={false}
                aria-label={t('sms_validation.box', { number: i + 1, total: SMS_CODE_LENGTH })}
                aria-invalid={errors?.smsCode.length ? true : undefined}
                onChange={(e) => onInput(i, e.target)}
                onKeyDown={(e) => onKeyDown(i, e)}
                onPaste={onPaste}
                onFocus={(e) => e.target.select()}
              />
            ))}
          </div>
          {(!!errors?.smsCode.length || errors?.general) && (
            <div id="sms-code-error" role="alert">
              {!!errors?.smsCode.length && (
                <p className="hc-field-error">
                  {errors.smsCode.map((k, i) => (
                    <span key={k + i}>
                      {i > 0 && <br />}
                      {t(k, { field: t('sms_validation.code') })}
                    </span>
                  ))}
                </p>
              )}
              {errors?.general && <p className="hc-field-error">{t(errors.general, { defaultValue: t('error.generic') })}</p>}
            </div>
          )}
        </fieldset>
        <p>
          <button type="button" className="hc-button hc-button--link" onClick={() => void onResend()} disabled={resending.isLoading}>
            {t('sms_validation.resend')}
          </button>
        </p>
        <p role="status" aria-live="polite">
          {sent ? t('sms.code_sent') : ''}
        </p>
        <div className="hc-form-actions">
          <button type="submit" className="hc-button hc-button--primary" disabled={!complete || validating.isLoading} aria-busy={validating.isLoading || undefined}>
            {t('sms_validation.confirm')}
          </button>
        </div>
      </form>
    </div>
  );
}
