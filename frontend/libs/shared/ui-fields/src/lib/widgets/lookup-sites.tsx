import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DUNS_LOOKUP_SITES } from '../choices';

/** Spec §9: tooltips open 400 ms after the pointer arrives (desktop); focus opens at once. */
export const TOOLTIP_DELAY_MS = 400;

/**
 * A disclosure listing the external sites where a D-U-N-S number can be looked up. It opens on
 * hover (after the tooltip delay), on focus and on click, and closes on Escape, when the pointer
 * leaves or when focus leaves it; the links stay reachable by keyboard.
 */
export function LookupSites() {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => cancel, []);
  // Escape where focus can be: the button and the links.
  const closeOnEscape = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div
      className="hc-lookup-sites"
      onMouseEnter={() => {
        cancel();
        timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
      }}
      onMouseLeave={() => {
        cancel();
        setOpen(false);
      }}
      onFocus={() => setOpen(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button type="button" className="hc-link-button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)} onKeyDown={closeOnEscape}>
        {t('fields_form.duns_lookup')}
      </button>
      <ul id={listId} className="hc-lookup-sites__list" hidden={!open}>
        {DUNS_LOOKUP_SITES.map((s) => (
          <li key={s.value}>
            <a href={s.value} target="_blank" rel="noopener noreferrer" onKeyDown={closeOnEscape}>
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
