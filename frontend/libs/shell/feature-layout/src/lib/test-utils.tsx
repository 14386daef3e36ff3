import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { Brand } from '@hostcart/shared-data-access-api';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { createAppStore } from '@hostcart/shared-store';

export function renderWithProviders(ui: ReactElement, { locale = 'en-GB', path = '/categories' } = {}) {
  const store = createAppStore();
  const i18n = createI18n(locale);
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}

export function makeBrand(overrides: Partial<Brand> = {}, properties: Record<string, string> = {}): Brand {
  return {
    id: 1,
    name: 'Hostwerk',
    slug: 'hostwerk',
    fqdn: 'shop.hostwerk.de',
    is_visible: true,
    locales: [
      { code: 'de-DE', label: 'Deutsch', fallback_code: 'en-GB', is_default: true },
      { code: 'en-GB', label: 'English', fallback_code: '', is_default: false },
    ],
    ...overrides,
    properties: {
      show_locale_switcher: 'true',
      display_privacy_settings_link: 'false',
      support_phone: '+49 231 98765-0',
      support_email: 'support@hostwerk.de',
      website_url: 'https://www.hostwerk.de',
      terms_private_url: 'https://www.hostwerk.de/agb',
      privacy_url: 'https://www.hostwerk.de/datenschutz',
      privacy_settings_url: 'https://www.hostwerk.de/datenschutz/einstellungen',
      revocation_url: 'https://www.hostwerk.de/widerruf',
      copyright_year: '2009',
      ...properties,
    },
  };
}
