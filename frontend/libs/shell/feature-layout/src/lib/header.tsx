import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@hostcart/shared-data-access-api';
import { useSetSessionLocaleMutation } from '@hostcart/shared-data-access-api';
import { closeModal, openModal, selectOpenModal, useAppDispatch, useAppSelector, useCartItemCount } from '@hostcart/shared-store';
import { Modal } from '@hostcart/shared-ui';
import { brandSetting, showsLocaleSwitcher } from './brand';
import { LogoPopover } from './logo-popover';

export const HELP_MODAL = 'help';

export interface HeaderProps {
  brand: Brand;
  locale: string;
  /** Changing the locale reloads the page (spec §4); injectable for tests. */
  reloadPage?: () => void;
  userMenu?: ReactNode;
}

export function Header({ brand, locale, reloadPage = () => window.location.reload(), userMenu }: HeaderProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const helpOpen = useAppSelector(selectOpenModal) === HELP_MODAL;
  // Subscribes the priced cart, so the counter follows every cart change.
  const cartCount = useCartItemCount();
  const phone = brandSetting(brand, 'support_phone');
  const email = brandSetting(brand, 'support_email');

  return (
    <header className="hc-header">
      <div className="hc-header__inner">
        <LogoPopover brand={brand} />
        <nav className="hc-header__nav" aria-label={t('header.home')}>
          <button type="button" className="hc-link-button" onClick={() => dispatch(openModal(HELP_MODAL))}>
            {t('header.help')}
          </button>
          {userMenu}
          {showsLocaleSwitcher(brand) && <LocaleSwitcher brand={brand} locale={locale} reloadPage={reloadPage} />}
        </nav>
        {/* Beside the navigation, not in it: on a phone the cart stays on the logo's row while help
            and language move below (layout.css). */}
        <Link className="hc-cart-link" to="/cart">
          <span>{t('header.cart')}</span>{' '}
          {/* The badge is the number alone; screen readers hear it with its noun in the right plural. */}
          <span className="hc-badge" data-testid="cart-count" aria-hidden="true">
            {cartCount}
          </span>
          <span className="hc-visually-hidden"> {t('header.cart_items', { count: cartCount })}</span>
        </Link>
      </div>
      <Modal open={helpOpen} title={t('header.help_title')} closeLabel={t('common.close')} onClose={() => dispatch(closeModal())}>
        <p>{t('header.help_intro')}</p>
        <dl className="hc-contact">
          {phone && (
            <>
              <dt>{t('header.support_phone')}</dt>
              <dd>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
              </dd>
            </>
          )}
          {email && (
            <>
              <dt>{t('header.support_email')}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </>
          )}
        </dl>
      </Modal>
    </header>
  );
}

function LocaleSwitcher({ brand, locale, reloadPage }: Required<Omit<HeaderProps, 'userMenu'>>) {
  const { t } = useTranslation();
  const [setLocale, { isLoading }] = useSetSessionLocaleMutation();

  async function choose(code: string) {
    if (code === locale) return;
    const result = await setLocale(code);
    if (!('error' in result)) reloadPage();
  }

  return (
    <div className="hc-locale-switcher" role="group" aria-label={t('header.language_select')}>
      {brand.locales.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          className="hc-locale-switcher__option"
          aria-pressed={l.code === locale}
          disabled={isLoading}
          onClick={() => void choose(l.code)}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}
