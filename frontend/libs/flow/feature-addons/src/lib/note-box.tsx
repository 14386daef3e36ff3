import { useTranslation } from 'react-i18next';
import type { CartItem, Product } from '@hostcart/shared-data-access-api';
import { hasRule } from '@hostcart/flow-util-guided-flow';

/** The note box beside the addons (spec §2): what the item holds so far, by name. */
export function NoteBox({ item, product, lineProducts }: { item: CartItem; product: Product; lineProducts: readonly Product[] }) {
  const { t } = useTranslation();
  const nameOf = (id: number) => lineProducts.find((p) => p.id === id)?.name;
  // Invisible addons (auto-assigned internals such as monitoring) are the shop's, not the visitor's choice.
  const invisible = (id: number) => (product.addons ?? []).some((l) => l.addon_id === id && hasRule(l, 'invisible'));
  const lines = [
    product.name,
    ...item.addons.filter((l) => !invisible(l.id)).map((l) => nameOf(l.id)),
    ...item.upsells.map((l) => nameOf(l.id)),
    ...item.domains.map((d) => d.name),
  ].filter((n): n is string => !!n);
  return (
    <aside className="hc-note-box" aria-labelledby="addons-note-heading">
      <h2 id="addons-note-heading">{t('addon_screens.note_heading')}</h2>
      <ul aria-live="polite">
        {lines.map((name, i) => (
          <li key={`${i}-${name}`}>{name}</li>
        ))}
      </ul>
    </aside>
  );
}
