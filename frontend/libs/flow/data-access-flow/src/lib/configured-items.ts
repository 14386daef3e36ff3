/**
 * Cart rows whose term, interval or extras the customer has chosen on the guided flow's screens
 * (issue 23: "choosing a domain for an already configured item keeps its term, interval and
 * extras"). A domain chosen for such a row afterwards (from the cart's missing-domain or add-domain
 * button, from the extras screen's domain question, or going back to the domain step) completes the
 * item and returns to the cart instead of walking the period and extras screens again; the cart
 * keeps "change term" and "change addons" for that.
 *
 * Kept in the tab's sessionStorage: it survives a reload, as the cart (the session's) does. Row ids
 * are random and never reused, so a stale entry is harmless; the list keeps the newest rows only.
 */
const KEY = 'hostcart.flow.configured-rows';
const LIMIT = 50;

function read(): string[] {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes that the customer configured the row (chose a term, an interval or its extras). */
export function markItemConfigured(rowId: string): void {
  const rows = read().filter((r) => r !== rowId);
  rows.push(rowId);
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(rows.slice(-LIMIT)));
  } catch {
    // Storage full or refused (private mode): the flow then walks the screens as before.
  }
}

/** True when the customer already configured the row on the period or extras screens. */
export function isItemConfigured(rowId: string | null | undefined): boolean {
  return !!rowId && read().includes(rowId);
}
