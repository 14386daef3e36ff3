import { useTranslation } from 'react-i18next';

/** The locale texts are shown in; prices and numbers follow it. */
export function useDisplayLocale(): string {
  const { i18n } = useTranslation();
  return i18n.language || 'en-GB';
}
