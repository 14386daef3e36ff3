import type { FeedbackValues } from './storage';

/** Spec §5 "Feedback" and §9 field lengths. */
export const REFERRAL_MIN = 2;
export const REFERRAL_MAX = 20;
export const ADVERTISED_MIN = 2;
export const ADVERTISED_MAX = 20;
export const KNOWN_FROM_MIN = 2;
export const KNOWN_FROM_MAX = 50;
export const COMMENT_MAX = 500;
/** Letters, digits, underscore and hyphen (validation.alpha_dash). */
export const REFERRAL_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Server field names that are fields of the feedback form (POST /orders' errors map). */
export const FEEDBACK_FIELDS = [
  'referral_id',
  'advertised_customer',
  'known_from',
  'other_known_from',
  'comment',
  'allowed_newsletter',
  'generalbusinessterm',
  'privacyterm',
  'mca_agreement',
  'eult_agreement',
  'gtc_agreement',
] as const satisfies readonly (keyof FeedbackValues)[];

/** The agreements a cart can require (priced view's required_agreements). */
export const AGREEMENTS = ['mca_agreement', 'eult_agreement', 'gtc_agreement'] as const;
export type Agreement = (typeof AGREEMENTS)[number];

/** An optional text of min..max characters (trimmed); '' passes. Answers a message key or true. */
export function lengthRule(min: number, max: number) {
  return (v: string): true | string => {
    const s = v.trim();
    if (s === '') return true;
    if (s.length < min) return 'validation.min_length';
    if (s.length > max) return 'validation.max_length';
    return true;
  };
}

export function referralRule(v: string): true | string {
  const length = lengthRule(REFERRAL_MIN, REFERRAL_MAX)(v);
  if (length !== true) return length;
  const s = v.trim();
  return s === '' || REFERRAL_PATTERN.test(s) || 'validation.alpha_dash';
}

export function commentRule(v: string): true | string {
  return v.trim().length <= COMMENT_MAX || 'validation.max_length';
}

/**
 * The body of POST /orders: texts trimmed, the other-text only with 'other', the advertised customer
 * only with a referral, the request for an early start only from a consumer (a business has no
 * withdrawal right to give up).
 */
export function orderPayload(values: FeedbackValues, required: readonly string[], showReferral: boolean, showNewsletter: boolean, consumer = false): FeedbackValues {
  return {
    advertised_customer: values.known_from === 'customer_referral' ? values.advertised_customer.trim() : '',
    referral_id: showReferral ? values.referral_id.trim() : '',
    known_from: values.known_from,
    other_known_from: values.known_from === 'other' ? values.other_known_from.trim() : '',
    comment: values.comment.trim(),
    allowed_newsletter: showNewsletter && values.allowed_newsletter,
    mca_agreement: required.includes('mca_agreement') && values.mca_agreement,
    eult_agreement: required.includes('eult_agreement') && values.eult_agreement,
    gtc_agreement: required.includes('gtc_agreement') && values.gtc_agreement,
    generalbusinessterm: values.generalbusinessterm,
    privacyterm: values.privacyterm,
    early_start: consumer && values.early_start === true,
  };
}
