import { useTranslation } from 'react-i18next';
import { useClock } from '@hostcart/shared-ui';
import type { Brand } from '@hostcart/shared-data-access-api';
import { brandFlag, brandSetting } from './brand';

export function Footer({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const clock = useClock();
  const links = [
    { key: 'terms', url: brandSetting(brand, 'terms_private_url') },
    { key: 'privacy', url: brandSetting(brand, 'privacy_url') },
    {
      key: 'privacy_settings',
      url: brandFlag(brand, 'display_privacy_settings_link') ? brandSetting(brand, 'privacy_settings_url') || '#privacy-settings' : '',
    },
    { key: 'revocation', url: brandSetting(brand, 'revocation_url') },
  ].filter((l) => l.url);
  const year = brandSetting(brand, 'copyright_year') || String(clock.now().getFullYear());

  return (
    <footer className="hc-footer">
      <div className="hc-footer__inner">
        <nav aria-label={t('footer.legal')}>
          <ul className="hc-footer__links">
            {links.map((l) => (
              <li key={l.key}>
                <a href={l.url}>{t(`footer.${l.key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="hc-footer__copyright">{t('footer.copyright', { year, brand: brand.name })}</p>
      </div>
    </footer>
  );
}
