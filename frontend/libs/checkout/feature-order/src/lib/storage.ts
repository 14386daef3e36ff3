import { KNOWN_FROM_OPTIONS, type Order, type OrderFeedback, type PricedCart } from '@hostcart/shared-data-access-api';

/** Spec §3 "Persisted browser storage": the confirm page's feedback survives the card redirect. */
export const FEEDBACK_KEY = 'customer_feedback';
/** The order just placed (spec §3 "Order state": order_id, order_code), for the SMS and success screens. */
export const ORDER_KEY = 'order_state';
/** The priced cart the confirm page showed for the order just placed, for the success page's summary. */
export const ORDER_SUMMARY_KEY = 'order_summary';
/** Oauth data of a panel (cloud portal) user, spec §3 "Persisted browser storage"; dropped when an order is confirmed. */
export const ORDER_TYPE_KEY = 'order_type';
export const CLOUD_PIT_DATA_KEY = 'cloud_pit_data';
export const EXTERNAL_PRODUCT_ID_KEY = 'external_product_id';
/** Set for a panel user when the order is confirmed (the oauth data is dropped then), read by the success page. */
export const PORTAL_RETURN_KEY = 'order_portal_return';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off; the screens still work within the page.
    return null;
  }
}

/** What the feedback form holds: the payload of POST /orders. */
export type FeedbackValues = OrderFeedback;

export const EMPTY_FEEDBACK: FeedbackValues = {
  advertised_customer: '',
  referral_id: '',
  known_from: '',
  other_known_from: '',
  comment: '',
  allowed_newsletter: false,
  mca_agreement: false,
  eult_agreement: false,
  gtc_agreement: false,
  generalbusinessterm: false,
  privacyterm: false,
  early_start: false,
};

const STRINGS = ['advertised_customer', 'referral_id', 'known_from', 'other_known_from', 'comment'] as const;
const FLAGS = ['allowed_newsletter', 'mca_agreement', 'eult_agreement', 'gtc_agreement', 'generalbusinessterm', 'privacyterm', 'early_start'] as const;

/** The stored feedback, only the fields of the form with their types (whatever else the storage held). */
export function loadFeedback(): FeedbackValues {
  const raw = storage('local')?.getItem(FEEDBACK_KEY);
  const out: FeedbackValues = { ...EMPTY_FEEDBACK };
  if (!raw) return out;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    for (const k of STRINGS) if (typeof parsed[k] === 'string') out[k] = (parsed[k] as string).slice(0, 1000);
    for (const k of FLAGS) if (typeof parsed[k] === 'boolean') out[k] = parsed[k] as boolean;
    if (out.known_from && !(KNOWN_FROM_OPTIONS as readonly string[]).includes(out.known_from)) out.known_from = '';
  } catch {
    // A broken entry is ignored.
  }
  return out;
}

export function saveFeedback(values: FeedbackValues): void {
  storage('local')?.setItem(FEEDBACK_KEY, JSON.stringify(values));
}

export function clearFeedback(): void {
  storage('local')?.removeItem(FEEDBACK_KEY);
}

/** The order state the SMS and success screens read. */
export interface StoredOrder {
  order_id: string;
  order_code: string;
  status: string;
  sms_required: boolean;
}

export function storeOrder(order: Order): void {
  const value: StoredOrder = { order_id: order.order_id, order_code: order.order_code, status: order.status, sms_required: order.sms_required };
  storage('session')?.setItem(ORDER_KEY, JSON.stringify(value));
}

export function storedOrder(): StoredOrder | null {
  const raw = storage('session')?.getItem(ORDER_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredOrder>;
    return typeof v.order_id === 'string' && v.order_id ? { order_id: v.order_id, order_code: String(v.order_code ?? ''), status: String(v.status ?? ''), sms_required: !!v.sms_required } : null;
  } catch {
    return null;
  }
}

/**
 * What the confirm page showed for an order: its priced cart (the figures of the price presentation
 * as sent) and whether an existing customer ordered. The success page prints it; nothing is
 * computed from it.
 */
export interface OrderSummary {
  order_id: string;
  priced: PricedCart;
  existing: boolean;
  /** The cart holds a certificate (its issuing takes up to two working days). */
  certificate: boolean;
}

export function storeOrderSummary(summary: OrderSummary): void {
  try {
    storage('session')?.setItem(ORDER_SUMMARY_KEY, JSON.stringify(summary));
  } catch {
    // A full storage: the success page shows the order's own totals.
  }
}

/** The summary kept for orderId; null for another order or none. */
export function storedOrderSummary(orderId: string): OrderSummary | null {
  const raw = storage('session')?.getItem(ORDER_SUMMARY_KEY);
  if (!raw || !orderId) return null;
  try {
    const v = JSON.parse(raw) as Partial<OrderSummary>;
    if (v.order_id !== orderId || !v.priced || !Array.isArray(v.priced.items)) return null;
    return { order_id: v.order_id, priced: v.priced, existing: v.existing === true, certificate: v.certificate === true };
  } catch {
    return null;
  }
}

export function clearOrder(): void {
  storage('session')?.removeItem(ORDER_KEY);
  storage('session')?.removeItem(ORDER_SUMMARY_KEY);
  storage('session')?.removeItem(PORTAL_RETURN_KEY);
}

/** A user who came from the cloud portal (panel, oauth): their oauth data carries an order type. */
export function isPanelUser(): boolean {
  return !!storage('local')?.getItem(ORDER_TYPE_KEY);
}

/** Spec §4 "Order confirmed": the oauth data is dropped; a panel user keeps the way back for the success page. */
export function dropOauthData(): void {
  const local = storage('local');
  if (!local) return;
  // The way back is the authority the panel signed the user in at: the second one with use_cp_2.
  if (local.getItem(ORDER_TYPE_KEY)) storage('session')?.setItem(PORTAL_RETURN_KEY, usesSecondAuthority(local) ? 'cp2' : 'true');
  for (const k of [ORDER_TYPE_KEY, CLOUD_PIT_DATA_KEY, EXTERNAL_PRODUCT_ID_KEY]) local.removeItem(k);
}

function usesSecondAuthority(local: Storage): boolean {
  try {
    return (JSON.parse(local.getItem(CLOUD_PIT_DATA_KEY) ?? '{}') as { use_cp_2?: unknown }).use_cp_2 === true;
  } catch {
    return false;
  }
}

export function returnsToPortal(): boolean {
  const v = storage('session')?.getItem(PORTAL_RETURN_KEY);
  return v === 'true' || v === 'cp2';
}

/** The brand property naming the cloud portal the success page links back to (spec §2 "Success", §6). */
export function portalProperty(): 'oauth_authority_url' | 'oauth_authority_url_2' {
  return storage('session')?.getItem(PORTAL_RETURN_KEY) === 'cp2' ? 'oauth_authority_url_2' : 'oauth_authority_url';
}
