import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The informational texts of spec §9 that belong to domains, plus how prices are meant. */
export function DomainFootnotes({ withVat }: { withVat: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="hc-footnotes" aria-labelledby={headingId}>
      <h2 id={headingId} className="hc-footnotes__title">
        {t('domains.notes.title')}
      </h2>
      <ol>
        <li>{t(withVat ? 'domains.notes.prices_gross' : 'domains.notes.prices_net')}</li>
        <li>{t('domains.notes.minimum_term')}</li>
        <li>{t('domains.notes.availability')}</li>
        <li>{t('domains.notes.pre_registration')}</li>
      </ol>
    </section>
  );
}
