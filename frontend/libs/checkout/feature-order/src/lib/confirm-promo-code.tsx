import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, errorParams, useRedeemPromotionCodeMutation } from '@hostcart/shared-data-access-api';

/** The promo code of the confirm page (brand flag display_promocode_input_on_confirm_page), the cart's redeem call. */
export function ConfirmPromoCode() {
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
