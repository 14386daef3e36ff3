import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { createAppStore, type AppStore } from '@hostcart/shared-store';

/** Shows the router's current path and query (read by shownLocation()) and its history state as JSON. */
export function LocationDisplay() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{location.pathname + location.search}</div>
      <div data-testid="location-state">{JSON.stringify(location.state ?? null)}</div>
    </>
  );
}

/** The path and query the app shows now (rendered by renderWithApp). */
export function shownLocation(): string | null {
  return screen.getByTestId('location').textContent;
}

export interface RenderWithAppOptions {
  /** The initial URL with its query ("/addons?id=r1"), or a history entry. */
  path?: string | { pathname: string; search?: string; state?: unknown };
  /** History state of the initial entry (e.g. {returnToCart: true}). */
  state?: unknown;
  locale?: string;
  /** The app store; a fresh createAppStore() (with the cart-analytics listener) by default. */
  store?: AppStore;
  /** Rendered next to the screen, e.g. the shell's cart counter. */
  extra?: ReactNode;
}

/**
 * Renders a screen (usually a <Routes> of the lib's pages) as the shell hosts it: the app store,
 * i18n of the locale (en-GB by default) and a memory router at `path`, with LocationDisplay.
 */
export function renderWithApp(ui: ReactElement, { path = '/', state, locale = 'en-GB', store = createAppStore(), extra }: RenderWithAppOptions = {}) {
  const entry = typeof path === 'string' ? { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state } : path;
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <MemoryRouter initialEntries={[entry]}>
          {ui}
          <LocationDisplay />
          {extra}
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}
