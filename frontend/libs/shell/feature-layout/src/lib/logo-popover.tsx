import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@hostcart/shared-data-access-api';
import { brandSetting } from './brand';

/** The logo opens a small menu: the brand's website and the products overview (spec §1). */
export function LogoPopover({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const logo = brandSetting(brand, 'logo_url');
  const website = brandSetting(brand, 'website_url');

  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return undefined;
    function onKeyDown(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    function onPointerDown(e: MouseEvent) {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open]);

  return (
    <div className="hc-logo" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="hc-logo__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.logo_menu', { brand: brand.name })}
        onClick={() => setOpen((o) => !o)}
      >
        {logo ? <img className="hc-logo__image" src={logo} alt="" width={160} height={40} /> : null}
        <span className={logo ? 'hc-visually-hidden' : 'hc-logo__text'}>{brand.name}</span>
      </button>
      {open && (
        <ul id={menuId} className="hc-popover">
          {website && (
            <li>
              <a href={website}>{t('header.to_website', { brand: brand.name })}</a>
            </li>
          )}
          <li>
            <Link to="/categories">{t('header.to_products')}</Link>
          </li>
        </ul>
      )}
    </div>
  );
}
