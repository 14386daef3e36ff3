import { useTranslation } from 'react-i18next';

/** The power of attorney's legal text has ten paragraphs (spec §1). */
export const LEGAL_PARAGRAPHS = 10;

/** The legal text of the power of attorney, prefixed with the person's name when it is known. */
export function PpoaLegalText({ name, id }: { name?: string; id: string }) {
  const { t } = useTranslation();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region needs a tab stop so keyboard users can scroll it (axe scrollable-region-focusable).
    <section className="hc-family__legal" aria-labelledby={`${id}-legal`} tabIndex={0}>
      <h2 id={`${id}-legal`} className="hc-label">
        {t('families.legal.heading')}
      </h2>
      <p>{name ? t('families.legal.named', { name }) : t('families.legal.anonymous')}</p>
      {Array.from({ length: LEGAL_PARAGRAPHS }, (_, i) => (
        <p key={i}>{t(`families.legal.p${i + 1}`)}</p>
      ))}
    </section>
  );
}
