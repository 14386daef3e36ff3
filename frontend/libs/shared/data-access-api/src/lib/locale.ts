import { api } from './api';

export interface SessionLocale {
  code: string;
}

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
