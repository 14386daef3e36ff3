import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@hostcart/shared-data-access-api';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingIndicator } from './loading-indicator';
import { Notifications } from './notifications';

export interface LayoutProps {
  brand: Brand;
  locale: string;
  children: ReactNode;
  /** The user menu of spec §2, rendered by the agent remote; nothing for most visitors. */
  userMenu?: ReactNode;
}

export function Layout({ brand, locale, children, userMenu }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="hc-app" data-brand={brand.slug}>
      <a className="hc-skip-link" href="#main">
        {t('common.skip_to_content')}
      </a>
      <LoadingIndicator />
      <Header brand={brand} locale={locale} userMenu={userMenu} />
      <main id="main" className="hc-main" tabIndex={-1}>
        <Notifications />
        {children}
      </main>
      <Footer brand={brand} />
    </div>
  );
}
