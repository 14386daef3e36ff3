import type { AnalyticsEvent } from './events';

/** Where Google Tag Manager reads events from. */
export interface DataLayerHost {
  dataLayer?: unknown[];
}

function defaultHost(): DataLayerHost | null {
  return typeof window === 'undefined' ? null : (window as unknown as DataLayerHost);
}

/**
 * Pushes an event to window.dataLayer (created when missing). Before an ecommerce event the
 * previous ecommerce object is cleared, as GA4 recommends, so items of one event never merge
 * into the next. Without a window (server rendering) or with a null host nothing happens.
 */
export function track(event: AnalyticsEvent, host: DataLayerHost | null = defaultHost()): void {
  if (!host) return;
  const layer = (host.dataLayer ??= []);
  if ('ecommerce' in event) layer.push({ ecommerce: null });
  layer.push(event.event === 'purchase' && isTestEnvironment(layer) ? { ...event, [TEST_SALE]: true } : event);
}

/** The environment the gateway's /config names production in (charts/hostcart values-prod.yaml). */
export const PRODUCTION_ENV = 'production';
/** The data layer variable that flags a sale as a test (spec §9: the analytics sale flag outside production). */
export const TEST_SALE = 'test_sale';
const APP_ENVIRONMENT = 'app_environment';

/**
 * Names the runtime environment in the data layer once (the shell does, from /config): outside
 * production every later sale is flagged test_sale, so test orders stay out of the shop's revenue
 * (spec §9). Kept in window.dataLayer, not in this module: each app bundles its own copy of it.
 */
export function markEnvironment(env: string | undefined, host: DataLayerHost | null = defaultHost()): void {
  if (!host || !env) return;
  (host.dataLayer ??= []).push({ [APP_ENVIRONMENT]: env, [TEST_SALE]: env !== PRODUCTION_ENV });
}

function isTestEnvironment(layer: unknown[]): boolean {
  for (let i = layer.length - 1; i >= 0; i--) {
    const entry = layer[i] as Record<string, unknown> | null;
    if (entry && typeof entry === 'object' && APP_ENVIRONMENT in entry) return entry[TEST_SALE] === true;
  }
  return false;
}
