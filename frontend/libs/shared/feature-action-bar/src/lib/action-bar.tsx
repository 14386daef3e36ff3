import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { CartTotal, useCartTotal } from './cart-total';

export interface ActionBarProps {
  /** The screen's primary action (its button or link), rendered once: inline on desktop, in the bar on phones. */
  children?: ReactNode;
  /**
   * Checkout steps without a cart summary of their own: the total is shown on desktop too, as a
   * compact box above the action. Else (the cart, the flow screens) only the phone bar shows it.
   */
  totalOnDesktop?: boolean;
  /** Classes of the wrapper on desktop (the element the action sat in before, e.g. the cart's `hc-cart__checkout`). */
  className?: string;
}

/** The CSS variable the bar's height is published in (body padding, scroll padding; action-bar.css). */
export const BAR_HEIGHT_VAR = '--hc-action-bar-height';

/**
 * The primary action of a screen with the cart total (issue 23, "on phones the primary action
 * stays in reach"). Up to 40rem wide the wrapper is a bar fixed at the bottom of the viewport
 * with the total (the priced view's figures, as the cart summary prints them) beside the action;
 * the page gets bottom padding and scroll padding of the bar's height, so nothing the customer
 * scrolls or tabs to stays under it. Wider, the action stays where the screen put it
 * (`display: contents`), with a compact total box above it only when `totalOnDesktop`.
 */
export function ActionBar({ children, totalOnDesktop = false, className }: ActionBarProps) {
  const total = useCartTotal();
  const ref = useRef<HTMLDivElement>(null);
  useBarHeight(ref);
  const classes = ['hc-action-bar', totalOnDesktop ? 'hc-action-bar--summary' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div ref={ref} className={classes} data-testid="action-bar">
      {total && <CartTotal total={total} />}
      <div className="hc-action-bar__actions">{children}</div>
    </div>
  );
}

/** Publishes the bar's rendered height on the document (0 on desktop, where it is inline). */
function useBarHeight(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(BAR_HEIGHT_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BAR_HEIGHT_VAR);
    };
  }, [ref]);
}
