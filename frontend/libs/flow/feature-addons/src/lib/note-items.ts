// Note items (spec §3 "Note item: id, name, rowId, type"; "Persisted browser storage: note_items"):
// what the note box names of the item being configured, kept in local storage under note_items so
// the note survives a reload (KeptNoteBox draws them while the screen loads again). They describe the session's cart and are never sent: the server
// builds the order from that cart (docs/api.md). The panel sign-in with clear_cart removes them
// (spec §7, agent/feature-oauth panel-storage).
import type { CartItem, Product } from '@hostcart/shared-data-access-api';
import { hasRule } from '@hostcart/flow-util-guided-flow';

/** The storage key of spec §3 (agent/feature-oauth clears the same key). */
export const NOTE_ITEMS_KEY = 'note_items';

export type NoteItemType = 'product' | 'addon' | 'upsell' | 'domain';

/** Spec §3 "Note item". */
export interface NoteItem {
  id: number;
  name: string;
  rowId: string;
  type: NoteItemType;
}

/** The note items of a cart item: its product, visible addons, upsells and domains, by name. */
export function noteItems(item: CartItem, product: Product, lineProducts: readonly Product[]): NoteItem[] {
  const nameOf = (id: number) => lineProducts.find((p) => p.id === id)?.name;
  // Invisible addons (auto-assigned internals such as monitoring) are the shop's, not the visitor's choice.
  const invisible = (id: number) => (product.addons ?? []).some((l) => l.addon_id === id && hasRule(l, 'invisible'));
  const rowId = item.row_id;
  const notes: (NoteItem | null)[] = [
    { id: product.id, name: product.name, rowId, type: 'product' },
    ...item.addons.filter((l) => !invisible(l.id)).map((l) => named(l.id, nameOf(l.id), rowId, 'addon')),
    ...item.upsells.map((l) => named(l.id, nameOf(l.id), rowId, 'upsell')),
    ...item.domains.map((d) => named(d.id, d.name, rowId, 'domain')),
  ];
  return notes.filter((n): n is NoteItem => !!n && !!n.name);
}

function named(id: number, name: string | undefined, rowId: string, type: NoteItemType): NoteItem | null {
  return name ? { id, name, rowId, type } : null;
}

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the note box still shows the cart's item.
    return null;
  }
}

/** Keeps the note items (an empty list removes them). */
export function storeNoteItems(items: readonly NoteItem[]): void {
  const storage = local();
  try {
    if (items.length === 0) storage?.removeItem(NOTE_ITEMS_KEY);
    else storage?.setItem(NOTE_ITEMS_KEY, JSON.stringify(items));
  } catch {
    // A full storage only loses the note's copy.
  }
}

const TYPES: readonly string[] = ['product', 'addon', 'upsell', 'domain'];

/** The kept note items; entries of another shape (an older version, a hand edit) are left out. */
export function loadNoteItems(): NoteItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(local()?.getItem(NOTE_ITEMS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (n): n is NoteItem =>
      !!n &&
      typeof n === 'object' &&
      Number.isInteger((n as NoteItem).id) &&
      typeof (n as NoteItem).name === 'string' &&
      (n as NoteItem).name !== '' &&
      typeof (n as NoteItem).rowId === 'string' &&
      TYPES.includes((n as NoteItem).type),
  );
}
