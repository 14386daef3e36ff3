export * from './lib/i18n';
export type { Messages } from './lib/locales/en-GB';
