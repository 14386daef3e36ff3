import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { cartPresentation, installFetch, renderWithApp } from '@hostcart/shared-testing';
import type { CartPresentation } from '@hostcart/shared-util-pricing';
import { ActionBar } from './action-bar';

/** A priced view as GET /session/cart/priced answers it: `items` priced lines and the cart figures. */
function pricedCart(presentation: Partial<CartPresentation> | null, { items = 1, withVat = true } = {}) {
  return {
    priced: {
      cart: { items: [], version: 1 },
      items: Array.from({ length: items }, (_, i) => ({ row_id: `r${i}` })),
      item_count: items,
      prices_with_vat: withVat,
      totals: presentation ? { presentation: cartPresentation(presentation) } : null,
    },
    notices: [],
  };
}

function renderBar(answer: unknown, { locale = 'en-GB', totalOnDesktop = false } = {}) {
  installFetch((req) => (req.path === '/session/cart/priced' ? answer : undefined));
  return renderWithApp(
    <form>
      <ActionBar totalOnDesktop={totalOnDesktop} className="hc-cart__checkout">
        <button type="submit" className="hc-button hc-button--primary">
          Next
        </button>
      </ActionBar>
    </form>,
    { locale },
  );
}

describe('ActionBar', () => {
  it('prints the priced view’s first-term total beside the action, as the cart summary names it', async () => {
    renderBar(pricedCart({ first_term_cents: 9030, due_today_cents: 9030, gross_cents: 9030, first_term_months: 12 }));
    const total = await screen.findByTestId('action-bar-total');
    expect(within(total).getByText('Total for the first 12 months incl. VAT')).toBeInTheDocument();
    expect(within(total).getByText('€90.30')).toBeInTheDocument();
    // Due today equals the first term: not repeated.
    expect(within(total).queryByText(/due today/i)).toBeNull();
    const bar = screen.getByTestId('action-bar');
    expect(bar).toHaveClass('hc-action-bar', 'hc-cart__checkout');
    expect(bar).not.toHaveClass('hc-action-bar--summary');
    // The action is the screen's own, in its form.
    expect(within(bar).getByRole('button', { name: 'Next' }).closest('form')).not.toBeNull();
  });

  it('adds what is due today when it differs, in German, in the brand’s display mode', async () => {
    renderBar(pricedCart({ first_term_cents: 11988, due_today_cents: 999, gross_cents: 14266, first_term_months: 12 }, { withVat: false }), { locale: 'de-DE' });
    const total = await screen.findByTestId('action-bar-total');
    expect(within(total).getByText('Gesamt für die ersten 12 Monate inkl. MwSt.')).toBeInTheDocument();
    expect(within(total).getByText(/142,66\s€/)).toBeInTheDocument();
    expect(within(total).getByText('Heute fällig (zzgl. MwSt.)')).toBeInTheDocument();
    expect(within(total).getByText(/9,99\s€/)).toBeInTheDocument();
  });

  it('marks the checkout steps’ variant, which shows the total on desktop too', async () => {
    renderBar(pricedCart({ first_term_cents: 100, due_today_cents: 100, gross_cents: 100 }), { totalOnDesktop: true });
    expect(await screen.findByTestId('action-bar-total')).toBeInTheDocument();
    expect(screen.getByTestId('action-bar')).toHaveClass('hc-action-bar--summary');
  });

  it('shows no total for an empty cart, without figures (a panel user) or when the view fails', async () => {
    for (const answer of [pricedCart({ gross_cents: 100 }, { items: 0 }), pricedCart(null), undefined]) {
      const { unmount } = renderBar(answer);
      expect(await screen.findByRole('button', { name: 'Next' })).toBeInTheDocument();
      await new Promise((r) => setTimeout(r, 0));
      expect(screen.queryByTestId('action-bar-total')).toBeNull();
      unmount();
    }
  });

  it('publishes its height for the page’s bottom padding and removes it when gone', async () => {
    const observers: ResizeObserverCallback[] = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(cb: ResizeObserverCallback) {
        observers.push(cb);
      }
      // jsdom lays nothing out: the spec calls the observers itself.
      observe() {
        /* nothing to observe */
      }
      unobserve() {
        /* nothing observed */
      }
      disconnect() {
        /* nothing observed */
      }
    } as unknown as typeof ResizeObserver;
    try {
      const { unmount } = renderBar(pricedCart(null));
      await screen.findByRole('button', { name: 'Next' });
      jest.spyOn(screen.getByTestId('action-bar'), 'getBoundingClientRect').mockReturnValue({ height: 72.4 } as DOMRect);
      observers.forEach((cb) => cb([], {} as ResizeObserver));
      expect(document.documentElement.style.getPropertyValue('--hc-action-bar-height')).toBe('73px');
      unmount();
      expect(document.documentElement.style.getPropertyValue('--hc-action-bar-height')).toBe('');
    } finally {
      globalThis.ResizeObserver = original;
    }
  });
});
