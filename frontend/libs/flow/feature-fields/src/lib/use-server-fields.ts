import { useCallback } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessageKey, useGetCountriesQuery, useGetCurrentBrandQuery, useValidateAdditionalFieldsMutation } from '@hostcart/shared-data-access-api';
import type { CountryOption, FieldValueEntry, ServerFieldErrors } from '@hostcart/shared-ui-fields';

const NO_COUNTRIES: CountryOption[] = [];

/** What the widgets need from the API: the countries and the brand's country (their default). */
export function useFieldEnvironment(): { countries: readonly CountryOption[]; brandCountry: string } {
  const countries = useGetCountriesQuery();
  const brand = useGetCurrentBrandQuery();
  const properties = brand.data?.properties ?? {};
  return { countries: countries.data ?? NO_COUNTRIES, brandCountry: properties['country_code'] ?? '' };
}

/** The server's verdict on a form: per-field errors, or a message key when the call failed. */
export type ServerVerdict = { ok: true } | { ok: false; errors: ServerFieldErrors } | { ok: false; failure: string };

/**
 * Server validation of a line's values (spec §5: "Saving first calls server validation and aborts
 * on any error"), POST /additional-fields/validate.
 */
export function useServerValidation(type: 'product' | 'addon' | 'upsell'): (values: readonly FieldValueEntry[]) => Promise<ServerVerdict> {
  const [validate] = useValidateAdditionalFieldsMutation();
  return useCallback(
    async (values) => {
      if (values.length === 0) return { ok: true };
      const answer = await validate({ fields: values.map((v) => ({ id: v.field_id, value: v.value, type })) });
      if ('error' in answer) return { ok: false, failure: errorMessageKey(answer.error as FetchBaseQueryError) };
      const errors = answer.data.errors;
      return Object.values(errors).some((keys) => keys.length > 0) ? { ok: false, errors } : { ok: true };
    },
    [type, validate],
  );
}
