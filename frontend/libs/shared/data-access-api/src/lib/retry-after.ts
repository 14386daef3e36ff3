import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/**
 * A 429 or 503 says when to try again in its Retry-After header, which RTK Query drops from the
 * error. Endpoints that can be rate limited keep it in the error body as retry_after (seconds).
 */
export function withRetryAfter(error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): FetchBaseQueryError {
  const header = meta?.response?.headers.get('Retry-After');
  const seconds = header ? Number.parseInt(header, 10) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds < 0 || typeof error.status !== 'number') return error;
  const data = typeof error.data === 'object' && error.data !== null ? error.data : {};
  return { ...error, data: { ...data, retry_after: seconds } };
}

/** Seconds to wait before retrying a call that failed with 429 or 503, when the server said. */
export function retryAfterSeconds(error: FetchBaseQueryError | SerializedError | undefined): number | undefined {
  if (!error || !('status' in error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const seconds = (error.data as { retry_after?: unknown }).retry_after;
  return typeof seconds === 'number' ? seconds : undefined;
}

/** True when the server refused the call because of too many requests. */
export function isTooManyRequests(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return !!error && 'status' in error && error.status === 429;
}
