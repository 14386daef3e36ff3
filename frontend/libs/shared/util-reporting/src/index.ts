export { reportError, reportFailedCall, resetReporting, setReporter, setReportingRoute } from './lib/reporting';
export type { FailedCall, Reporter } from './lib/reporting';
export { CONFIG_URL, FLASH_SEEN_KEY, fetchRuntimeConfig, flashToShow } from './lib/config';
export type { FlashType, RuntimeConfig } from './lib/config';
export { initReporting } from './lib/init';
export { rootErrorReporting } from './lib/root-errors';
