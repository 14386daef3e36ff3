import { screen } from '@testing-library/react';
import { renderWithApp } from '@hostcart/shared-testing';
import { CheckoutBreadcrumbs } from './checkout-breadcrumbs';

describe('CheckoutBreadcrumbs sets (spec §4 "Breadcrumb sets")', () => {
  afterEach(() => localStorage.clear());

  it('shows domain selection then confirm on the confirm page of a cloud-panel domains order', () => {
    localStorage.setItem('order_type', 'cloudpit_domains');
    renderWithApp(<CheckoutBreadcrumbs current="confirm" />);
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(['1 Step 1 of 2: Domain selection', '2 Step 2 of 2: Order overview']);
    expect(screen.getAllByRole('listitem')[0].getAttribute('data-state')).toBe('past');
  });

  it('keeps the four steps for other orders', () => {
    localStorage.setItem('order_type', 'redirect');
    renderWithApp(<CheckoutBreadcrumbs current="confirm" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
