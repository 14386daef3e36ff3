import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem, Product } from '@hostcart/shared-data-access-api';
import { loadNoteItems, noteItems, storeNoteItems, type NoteItem } from './note-items';

/**
 * The note box beside the addons (spec §2): what the item holds so far, by name, as the note items
 * of spec §3, which are kept in local storage (note_items) whenever they change.
 */
export function NoteBox({ item, product, lineProducts }: { item: CartItem; product: Product; lineProducts: readonly Product[] }) {
  const notes = useMemo(() => noteItems(item, product, lineProducts), [item, product, lineProducts]);
  const kept = JSON.stringify(notes);
  useEffect(() => storeNoteItems(JSON.parse(kept)), [kept]);
  return <NoteList notes={notes} />;
}

/**
 * The note box of a reload (spec §3 "Persisted browser storage: note_items"): while the screen
 * waits for the cart and the catalog, the kept note items of the item (rowId) are drawn, so the
 * selection stays in view instead of blinking away; NoteBox takes over once they are loaded.
 */
export function KeptNoteBox({ rowId }: { rowId: string | undefined }) {
  const [notes] = useState(() => (rowId ? loadNoteItems().filter((n) => n.rowId === rowId) : []));
  return notes.length > 0 ? <NoteList notes={notes} /> : null;
}

function NoteList({ notes }: { notes: readonly NoteItem[] }) {
  const { t } = useTranslation();
  return (
    <aside className="hc-note-box" aria-labelledby="addons-note-heading">
      <h2 id="addons-note-heading">{t('addon_screens.note_heading')}</h2>
      <ul aria-live="polite">
        {notes.map((n) => (
          <li key={`${n.type}-${n.id}-${n.name}`} data-note-type={n.type}>
            {n.name}
          </li>
        ))}
      </ul>
    </aside>
  );
}
