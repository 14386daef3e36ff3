// The SPA's runtime configuration (spec §3 "Config"), answered by the gateway's GET /api/v2/config.
import type { FlashMessage, RuntimeConfig } from '@hostcart/shared-api-types';

// GET /config's answer, generated from the gateway's struct (gateway/jsontypes).
export type { RuntimeConfig };
export type FlashType = FlashMessage['type'];

export const CONFIG_URL = '/api/v2/config';

/** Reads the configuration; null when the gateway cannot be asked (the shop works without it). */
export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig | null> {
  try {
    const response = await fetchImpl(CONFIG_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    return (await response.json()) as RuntimeConfig;
  } catch {
    return null;
  }
}

export const FLASH_SEEN_KEY = 'flash_message_seen';

/**
 * The flash message to show now: a configured message is shown once per browser session, so a
 * reload or the next page does not repeat it; a changed message is shown again.
 */
export function flashToShow(config: RuntimeConfig | null, storage: Pick<Storage, 'getItem' | 'setItem'>): RuntimeConfig['flash_message'] {
  const flash = config?.flash_message;
  if (!flash?.content) return null;
  const seen = `${flash.type}:${flash.content}`;
  if (storage.getItem(FLASH_SEEN_KEY) === seen) return null;
  storage.setItem(FLASH_SEEN_KEY, seen);
  return flash;
}
