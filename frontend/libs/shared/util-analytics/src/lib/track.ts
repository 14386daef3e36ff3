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
  layer.push(event);
}
