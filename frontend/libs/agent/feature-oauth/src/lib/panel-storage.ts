/**
 * The panel sign-in's browser state (spec §3 "Persisted browser storage": cloud_pit_data,
 * external_product_id, order_type; "Oauth data"). The server keeps the same data with the session
 * (the customer's `panel`), so nothing here is trusted for more than choosing the next screen.
 */
export const CLOUD_PIT_DATA_KEY = 'cloud_pit_data';
export const EXTERNAL_PRODUCT_ID_KEY = 'external_product_id';
export const ORDER_TYPE_KEY = 'order_type';
/** Spec §7 "clear_cart also clears stored note items". */
export const NOTE_ITEMS_KEY = 'note_items';
/** Set by the callback, taken by the ready view: the order type is acted on once per sign-in. */
export const PANEL_PENDING_KEY = 'oauth_panel_pending';

/** Spec §3 "Oauth data". */
export interface OAuthData {
  order_type: string;
  use_cp_2: boolean;
  webhosting_id: string;
  category_slug: string;
  external_product_id: string;
}

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off; the server still knows the panel sign-in.
    return null;
  }
}

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 100) : '');

/**
 * Decodes the callback's data: base64 (standard or URL-safe, padding optional) of a JSON object.
 * Answers null for anything else, so a broken link is a plain login, never a crash.
 */
export function decodeOAuthData(raw: string | null): OAuthData | null {
  if (!raw) return null;
  try {
    // A '+' the panel did not escape arrives as a space.
    let b64 = raw.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
    while (b64.length % 4 !== 0) b64 += '=';
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const o = parsed as Record<string, unknown>;
    return {
      order_type: str(o['order_type']),
      use_cp_2: o['use_cp_2'] === true || o['use_cp_2'] === 'true' || o['use_cp_2'] === 1,
      webhosting_id: str(o['webhosting_id']),
      category_slug: str(o['category_slug']),
      external_product_id: str(o['external_product_id'] ?? o['externalProductId']),
    };
  } catch {
    return null;
  }
}

/** Keeps the sign-in's data (spec §3) and marks the order type as not yet acted on. */
export function storePanelSignIn(data: OAuthData, externalProductId: string): void {
  const local = storage('local');
  local?.setItem(CLOUD_PIT_DATA_KEY, JSON.stringify(data));
  local?.setItem(ORDER_TYPE_KEY, data.order_type || 'panel');
  if (externalProductId) local?.setItem(EXTERNAL_PRODUCT_ID_KEY, externalProductId);
  else local?.removeItem(EXTERNAL_PRODUCT_ID_KEY);
  // clear_cart emptied the cart; the note items describe that cart (spec §7).
  local?.removeItem(NOTE_ITEMS_KEY);
  storage('session')?.setItem(PANEL_PENDING_KEY, 'true');
}

export function loadPanelSignIn(): { data: OAuthData | null; orderType: string; externalProductId: string } {
  const local = storage('local');
  let data: OAuthData | null = null;
  try {
    const raw = local?.getItem(CLOUD_PIT_DATA_KEY);
    if (raw) data = JSON.parse(raw) as OAuthData;
  } catch {
    data = null;
  }
  return { data, orderType: local?.getItem(ORDER_TYPE_KEY) ?? '', externalProductId: local?.getItem(EXTERNAL_PRODUCT_ID_KEY) ?? '' };
}

/** Whether a sign-in waits for the ready view to act on its order type. */
export function hasPendingSignIn(): boolean {
  return storage('session')?.getItem(PANEL_PENDING_KEY) === 'true';
}

/** Answers true once after a sign-in: the ready view adds the product or goes to the category then. */
export function takePendingSignIn(): boolean {
  const session = storage('session');
  const pending = session?.getItem(PANEL_PENDING_KEY) === 'true';
  session?.removeItem(PANEL_PENDING_KEY);
  return pending;
}

/**
 * Spec §6 "Panel user": the back-to-panel link clears the state. Everything the shop keeps in the
 * browser for this order goes: the panel data, the customer number, notes, drafts, feedback and
 * the tab's session values.
 */
export function clearPanelState(): void {
  const local = storage('local');
  for (const key of [CLOUD_PIT_DATA_KEY, EXTERNAL_PRODUCT_ID_KEY, ORDER_TYPE_KEY, NOTE_ITEMS_KEY, 'customer_number', 'customer_feedback', 'order_draft_session_code']) {
    local?.removeItem(key);
  }
  storage('session')?.clear();
}
