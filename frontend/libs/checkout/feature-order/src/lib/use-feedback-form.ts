import { useCallback, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { OrderFeedback } from '@hostcart/shared-data-access-api';
import { orderPayload, type Agreement } from './feedback-rules';
import { EMPTY_FEEDBACK, loadFeedback, saveFeedback, type FeedbackValues } from './storage';

/** Spec §9: feedback update debounce. */
export const FEEDBACK_DEBOUNCE_MS = 500;

export interface FeedbackOptions {
  /** A new customer's feedback section (an existing customer sees none). */
  showFeedback: boolean;
  showReferral: boolean;
  showNewsletter: boolean;
  /** The agreements the cart requires. */
  required: Agreement[];
  /** The customer is a consumer: the request for an early start is theirs to send. */
  consumer?: boolean;
}

/**
 * The confirm page's feedback form (spec §3/§9): started from browser storage, written there 500 ms
 * after the last change, and the order payload of its values.
 */
export function useFeedbackForm({ showFeedback, showReferral, showNewsletter, required, consumer = false }: FeedbackOptions) {
  const form = useForm<FeedbackValues>({ mode: 'onTouched', defaultValues: showFeedback ? loadFeedback() : EMPTY_FEEDBACK });
  const { watch, getValues } = form;
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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

  const payload = useCallback(
    (values: FeedbackValues): OrderFeedback => {
      // An existing customer sees no feedback section: the legal text stands for the terms (spec §3 defaults).
      const v = showFeedback ? values : { ...values, generalbusinessterm: true, privacyterm: true };
      return orderPayload(v, required, showReferral, showNewsletter, consumer);
    },
    [consumer, required, showFeedback, showNewsletter, showReferral],
  );

  /** Writes the feedback now (no save pending while the order is placed; the redirects leave the page). */
  const flush = useCallback(() => {
    clearTimeout(saveTimer.current);
    if (showFeedback) saveFeedback(getValues());
  }, [getValues, showFeedback]);

  /** The payload of the stored feedback (the return from a card or PayPal redirect). */
  const storedPayload = useCallback(() => payload(showFeedback ? loadFeedback() : EMPTY_FEEDBACK), [payload, showFeedback]);

  return { form, payload, flush, storedPayload };
}
