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
