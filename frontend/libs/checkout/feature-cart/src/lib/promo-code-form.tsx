import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessageKey, useRedeemPromotionCodeMutation } from '@hostcart/shared-data-access-api';
import { useCartNotifications } from './notices';

/**
 * What a failed redemption says (spec §5 "Manual promo codes", §8): 404 unknown code, 422 not
 * applicable to any item, 429 too many tries; anything else the server's key.
 */
export function redeemErrorMessage(error: unknown, code: string): { key: string; params: Record<string, string> } {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  if (status === 404) return { key: 'confirm.manual_promotion_not_found', params: { code } };
  if (status === 422) return { key: 'confirm.manual_promotion_not_applicable', params: { code } };
  if (status === 429) return { key: 'error.too_many_requests', params: {} };
  return { key: errorMessageKey(error as FetchBaseQueryError), params: { code } };
}

/** The promo-code input of the cart summary; the button stays disabled while the input is empty. */
export function PromoCodeForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ key: string; params: Record<string, string> } | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const [redeem, { isLoading }] = useRedeemPromotionCodeMutation();
  const { showNotices } = useCartNotifications();
  const trimmed = code.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || isLoading) return;
    setError(null);
    setApplied(null);
    try {
      const answer = await redeem(trimmed).unwrap();
      setApplied(answer.code || trimmed.toUpperCase());
      setCode('');
      showNotices(answer.notices);
    } catch (e) {
      setError(redeemErrorMessage(e, trimmed));
    }
  }

  return (
    <form className="hc-promo-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>{t('cart_page.promo.label')}</label>
      <div className="hc-promo-form__row">
        <input
          id={inputId}
          type="text"
          value={code}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || applied ? messageId : undefined}
        />
        <button type="submit" className="hc-button hc-button--secondary" disabled={!trimmed || isLoading} aria-busy={isLoading}>
          {t('cart_page.promo.redeem')}
        </button>
      </div>
      {error && (
        <p id={messageId} className="hc-field-error" role="alert">
          {t(error.key, error.params)}
        </p>
      )}
      {applied && !error && (
        <p id={messageId} className="hc-promo-form__applied" role="status">
          {t('cart_page.promo.applied', { code: applied })}
        </p>
      )}
    </form>
  );
}
