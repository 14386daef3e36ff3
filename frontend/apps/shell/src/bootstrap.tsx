import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createI18n } from '@hostcart/shared-i18n';
import { createAppStore } from '@hostcart/shared-store';
import { App } from './app/app';
import './styles.css';

const store = createAppStore();
const i18n = createI18n(document.documentElement.lang || undefined);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </I18nextProvider>
    </Provider>
  </StrictMode>,
);
