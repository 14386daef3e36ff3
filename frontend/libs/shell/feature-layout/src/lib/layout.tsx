import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@hostcart/shared-data-access-api';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { Notifications } from './notifications';

export function Layout({ brand, locale, children }: { brand: Brand; locale: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="hc-app" data-brand={brand.slug}>
      <a className="hc-skip-link" href="#main">
        {t('common.skip_to_content')}
      </a>
      <LoadingIndicator />
      <Header brand={brand} locale={locale} />
      <main id="main" className="hc-main" tabIndex={-1}>
        <Notifications />
        {children}
      </main>
      <Footer brand={brand} />
    </div>
  );
}
