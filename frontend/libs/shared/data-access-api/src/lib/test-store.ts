// Helpers of this library's specs (not exported from the index): a store with the API slice and a
// JSON answer for a stubbed fetch.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { loadingSlice } from './loading';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function makeStore() {
  const reducer = combineSlices(api, loadingSlice);
  return configureStore({ reducer, middleware: (gdm) => gdm().concat(api.middleware) });
}
