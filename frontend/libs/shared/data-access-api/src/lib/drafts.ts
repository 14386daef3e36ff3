// Sales agents and order drafts (spec §3 Admin, Order state order_draft_id, Persisted browser
// storage order_draft_session_code; §4 order draft; §6; §7 /admins/me, /order-drafts/current, save
// and cancel draft; docs/api.md "Admins and order drafts"). Whether the caller is a sales agent is
// the gateway's answer from the admin panel's signed token: nothing here can make one.
import type { Admin, DraftAnswer } from '@hostcart/shared-api-types';
import { api } from './api';

// The answers' types are generated from the gateway's structs (gateway/jsontypes).
export type { Admin, AdminRole, DraftAnswer, OrderDraft } from '@hostcart/shared-api-types';

/** Spec §3 "Persisted browser storage": the draft a customer is updating. */
export const ORDER_DRAFT_SESSION_CODE_KEY = 'order_draft_session_code';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function storedDraftSessionCode(): string | null {
  return storage()?.getItem(ORDER_DRAFT_SESSION_CODE_KEY) ?? null;
}

export function storeDraftSessionCode(code: string): void {
  storage()?.setItem(ORDER_DRAFT_SESSION_CODE_KEY, code);
}

export function clearDraftSessionCode(): void {
  storage()?.removeItem(ORDER_DRAFT_SESSION_CODE_KEY);
}

/** Everything a draft's session owns: taking a draft over or leaving it refetches all of it. */
const SESSION_TAGS = ['Cart', 'Customer', 'Payment', 'Vat', 'Draft'] as const;

export const draftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 204 (no admin) arrives as null. */
    getAdmin: build.query<Admin | null, void>({
      query: () => '/admins/me',
      transformResponse: (body: Admin | null | undefined) => body ?? null,
      providesTags: ['Admin'],
    }),
    /** 404 order_drafts.no_draft when the session is no draft. */
    getCurrentDraft: build.query<DraftAnswer, void>({
      query: () => '/order-drafts/current',
      providesTags: ['Draft'],
    }),
    /** An agent's save: version is the draft's version the agent worked on (409 order_drafts.version_conflict when someone saved in between). */
    saveDraft: build.mutation<DraftAnswer, number>({
      query: (version) => ({ url: '/order-drafts/current', method: 'POST', body: { version } }),
      invalidatesTags: ['Draft'],
    }),
    /** The customer's cancel: the browser leaves for a new, empty session. */
    cancelDraft: build.mutation<void, void>({
      query: () => ({ url: '/order-drafts/current', method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: [...SESSION_TAGS],
    }),
    /** /session-restore: the browser takes the draft's session over. */
    restoreSession: build.mutation<DraftAnswer, string>({
      query: (code) => ({ url: '/session/restore', method: 'POST', body: { session_code: code } }),
      invalidatesTags: [...SESSION_TAGS],
    }),
    /** /continue-preconfigured-order: taken over unless the caller is a sales agent. */
    continueDraft: build.mutation<DraftAnswer, string>({
      query: (code) => ({ url: '/order-drafts/continue', method: 'POST', body: { session_code: code } }),
      invalidatesTags: [...SESSION_TAGS],
    }),
  }),
});

export const {
  useGetAdminQuery,
  useGetCurrentDraftQuery,
  useSaveDraftMutation,
  useCancelDraftMutation,
  useRestoreSessionMutation,
  useContinueDraftMutation,
} = draftsApi;
