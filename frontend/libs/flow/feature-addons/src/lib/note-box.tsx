import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartItem, Product } from '@hostcart/shared-data-access-api';
import { noteItems, storeNoteItems } from './note-items';

/**
 * The note box beside the addons (spec §2): what the item holds so far, by name, as the note items
 * of spec §3, which are kept in local storage (note_items) whenever they change.
 */
export function NoteBox({ item, product, lineProducts }: { item: CartItem; product: Product; lineProducts: readonly Product[] }) {
  const { t } = useTranslation();
  const notes = useMemo(() => noteItems(item, product, lineProducts), [item, product, lineProducts]);
  const kept = JSON.stringify(notes);
  useEffect(() => storeNoteItems(JSON.parse(kept)), [kept]);
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
