import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AddingItemsGate, useAddingItemsAllowed } from './adding-allowed';

function renderGate(allowed?: boolean) {
  render(
    <MemoryRouter initialEntries={['/categories']}>
      <Routes>
        <Route
          path="/categories"
          element={
            <AddingItemsGate allowed={allowed}>
              <p>tiles</p>
            </AddingItemsGate>
          }
        />
        <Route path="/cart" element={<p>cart page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AddingItemsGate', () => {
  it('shows the screen while adding items is allowed (always, for visitors today)', () => {
    renderGate();
    expect(screen.getByText('tiles')).toBeTruthy();
  });

  it('redirects to the cart when adding items is not allowed', () => {
    renderGate(false);
    expect(screen.getByText('cart page')).toBeTruthy();
    expect(screen.queryByText('tiles')).toBeNull();
  });

  it('allows visitors to add items', () => {
    let allowed: boolean | undefined;
    function Probe() {
      allowed = useAddingItemsAllowed();
      return null;
    }
    render(<Probe />);
    expect(allowed).toBe(true);
  });
});
