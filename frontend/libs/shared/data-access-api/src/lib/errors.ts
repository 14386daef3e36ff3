import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiErrorBody } from './types';

export const GENERIC_ERROR_KEY = 'error.generic';

/** The message key of a failed call: the server's key when it sent one, else the generic one. */
export function errorMessageKey(error: FetchBaseQueryError | SerializedError | undefined): string {
  if (error && 'status' in error && typeof error.data === 'object' && error.data !== null) {
    const key = (error.data as Partial<ApiErrorBody>).error;
    if (typeof key === 'string' && key !== '') return key;
  }
  return GENERIC_ERROR_KEY;
}

/** True when the server answered 404, e.g. an unknown category slug or promotion code. */
export function isNotFound(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return !!error && 'status' in error && error.status === 404;
}

/** The params a failed call explained its error with (docs/api.md "Errors"), e.g. {code} or {name}; {} when none. */
export function errorParams(error: FetchBaseQueryError | SerializedError | undefined): Record<string, string> {
  if (error && 'status' in error && typeof error.data === 'object' && error.data !== null) {
    const params = (error.data as { params?: unknown }).params;
    if (params && typeof params === 'object') return params as Record<string, string>;
  }
  return {};
}

/** The response header the gateway names each request with (docs/api.md; gateway/middleware/requestid.go). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What the expandable details of an order error show (spec §8): the HTTP status, the server's key, the request id. */
export interface ErrorDetails {
  status?: string;
  key?: string;
  requestId?: string;
}

/**
 * True when a call failed without an answer of the API's error shape (no network, a proxy's HTML
 * page, an exception): spec §8's 'unexpected error' then stands instead of a server message.
 */
export function isUnexpectedError(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  if (!error || !('status' in error)) return true;
  if (typeof error.status !== 'number') return true;
  const key = typeof error.data === 'object' && error.data !== null ? (error.data as { error?: unknown }).error : undefined;
  return typeof key !== 'string' || key === '';
}

/** The details of a failed call for support (spec §8): the status, the key the API gave and the request id the gateway sent. */
export function errorDetails(error: FetchBaseQueryError | SerializedError | undefined): ErrorDetails {
  const details: ErrorDetails = {};
  if (!error) return details;
  if ('status' in error) {
    // A body that was no JSON keeps the HTTP status as originalStatus.
    details.status = String('originalStatus' in error ? error.originalStatus : error.status);
    if (typeof error.data === 'object' && error.data !== null) {
      const { error: key, request_id: requestId } = error.data as { error?: unknown; request_id?: unknown };
      if (typeof key === 'string' && key) details.key = key;
      if (typeof requestId === 'string' && requestId) details.requestId = requestId;
    }
    // A body that was no JSON object keeps the id beside it (withRequestId).
    const beside = (error as { request_id?: unknown }).request_id;
    if (!details.requestId && typeof beside === 'string' && beside) details.requestId = beside;
  } else if (error.message) {
    details.key = error.message;
  }
  return details;
}

/**
 * Adds the gateway's request id of a failed call to its error body as request_id, so the screens can
 * show it with the error (spec §8's details). A body that is no JSON object (a proxy's HTML page,
 * the 'unexpected error' case, where support needs the id most) keeps its data as it is and
 * carries the id beside it, on the error itself.
 */
export function withRequestId(error: FetchBaseQueryError, response: Response | undefined): FetchBaseQueryError {
  const id = response?.headers.get(REQUEST_ID_HEADER);
  if (!id) return error;
  if ('data' in error && typeof error.data === 'object' && error.data !== null && !Array.isArray(error.data)) {
    return { ...error, data: { ...(error.data as object), request_id: id } } as FetchBaseQueryError;
  }
  return Object.assign({ ...error }, { request_id: id });
}
