import { useTranslation } from 'react-i18next';

/** The locale texts are shown in; amounts are formatted in it. */
export function useDisplayLocale(): string {
  const { i18n } = useTranslation();
  return i18n.language || 'en-GB';
}
