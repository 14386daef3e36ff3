import type { ApiJson, catalog } from '@hostcart/shared-api-types';
import { api } from './api';

/** GET and PUT /session/locale answer the generated GetSessionLocaleResponse. */
export type SessionLocale = ApiJson<catalog.GetSessionLocaleResponseJson>;

export const localeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessionLocale: build.query<SessionLocale, void>({
      query: () => '/session/locale',
      providesTags: ['Locale'],
    }),
    setSessionLocale: build.mutation<SessionLocale, string>({
      query: (code) => ({ url: '/session/locale', method: 'PUT', body: { code } }),
      invalidatesTags: ['Locale'],
    }),
  }),
});

export const { useGetSessionLocaleQuery, useSetSessionLocaleMutation } = localeApi;
