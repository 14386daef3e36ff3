import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** A fresh idempotency key for one confirm attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Browsers without randomUUID (non-secure contexts) still have getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How often a call of one attempt is sent again after a transient failure. */
export const ATTEMPT_RETRIES = 2;
export const RETRY_DELAY_MS = 400;

/**
 * A failure worth sending again with the same key: no answer at all (network), or the gateway or
 * a service briefly unavailable. The key makes the retry safe: the server answers the same order
 * or payment if the first call went through after all.
 */
export function isTransient(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('status' in error)) return false;
  const status = (error as FetchBaseQueryError).status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 502 || status === 503 || status === 504;
}

/** Runs call (with the attempt's key) and retries transient failures with the same key. */
export async function withRetries<T>(call: () => Promise<T>, retries = ATTEMPT_RETRIES, delayMs = RETRY_DELAY_MS): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await call();
    } catch (e) {
      if (n >= retries || !isTransient(e)) throw e;
      await new Promise((resolve) => setTimeout(resolve, delayMs * (n + 1)));
    }
  }
}
