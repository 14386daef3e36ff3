import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Check, TextField } from './confirm-fields';
import { ADVERTISED_MAX, ADVERTISED_MIN, COMMENT_MAX, KNOWN_FROM_MAX, KNOWN_FROM_MIN, REFERRAL_MAX, REFERRAL_MIN, commentRule, lengthRule, referralRule } from './feedback-rules';
import type { FeedbackValues } from './storage';

const KNOWN_FROM = ['advertising', 'magazine', 'magazine_special', 'search_engine', 'customer_referral', 'other'] as const;

/** Spec §2 "Confirm" feedback of a new customer: referral id (brand flag), how they found us, comment, newsletter (brand flag). */
export function FeedbackFieldset({ form, showReferral, showNewsletter }: { form: UseFormReturn<FeedbackValues>; showReferral: boolean; showNewsletter: boolean }) {
  const { t } = useTranslation();
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const err = (name: keyof FeedbackValues) => errors[name]?.message;
  const knownFrom = watch('known_from');
  return (
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
  );
}
