import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  size?: 'medium' | 'large';
  /** The element to focus when the dialog opens (a form's first input); else its first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog: focus moves into it and stays there (Tab wraps), the page behind it is inert,
 * Escape closes it, and focus returns to whatever opened it.
 */
export function Modal({ open, title, onClose, closeLabel, children, size = 'medium', initialFocus }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = initialFocus?.current ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === firstEl) {
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && document.activeElement === lastEl) {
        event.preventDefault();
        firstEl.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    // The page behind the dialog is inert while it is open (WAI-ARIA modal dialog pattern): out of
    // reach of the pointer, the keyboard and assistive technology, so nothing there can be used
    // from under the backdrop. Every sibling on the path from the dialog up to <body>.
    const inerted: Element[] = [];
    for (let node: Element | null = dialog?.parentElement ?? null; node && node !== document.body; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement?.children ?? [])) {
        if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
        sibling.setAttribute('inert', '');
        inerted.push(sibling);
      }
    }
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const el of inerted) el.removeAttribute('inert');
      opener?.focus?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per opening only: initialFocus is a ref read once when the dialog opens (focusing it again, and re-inerting the page, on a new ref object would move the visitor's focus), and onClose is read through onCloseRef.
  }, [open]);

  if (!open) return null;
  return (
    // The backdrop is presentation: a press on it closes the dialog for pointer users; keyboard
    // users have Escape (above) and the close button.
    <div className="hc-modal-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className={`hc-modal hc-modal--${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="hc-modal__header">
          <h2 id={titleId} className="hc-modal__title">
            {title}
          </h2>
          <button type="button" className="hc-icon-button" onClick={onClose} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="hc-modal__body">{children}</div>
      </div>
    </div>
  );
}
