import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithApp } from '@hostcart/shared-testing';
import { brand, category, installFakeApi, product } from './test-utils';
import { ProductsPage } from './products-page-lazy';

// The screen's code never finishes loading here, so what shows is the lazy page's own.
jest.mock('./products-page', () => ({
  ProductsPage: () => {
    throw new Promise(() => undefined);
  },
}));

describe('ProductsPage while its code loads', () => {
  it('shows the screen heading and skeleton, and asks for the products already', async () => {
    const calls = installFakeApi({
      '/brands/current': brand(true),
      '/categories': { categories: [category(1, 'webhosting', 'Webhosting')] },
      '/products?category=webhosting': { products: [product(1, 'Basic', 500, 595)] },
    });
    renderWithApp(
      <Routes>
        <Route path="/products/:slug" element={<ProductsPage />} />
      </Routes>,
      { path: '/products/webhosting', locale: 'en-GB' },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose your product');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Webhosting'));
    await waitFor(() => expect(calls).toContain('/products?category=webhosting'));
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
  });
});
