import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGetCurrentBrandQuery } from '@hostcart/shared-data-access-api';
import {
  displayChars,
  isDomainInputError,
  normalizeDomainSearch,
  validateDomainInput,
  type DomainInputError,
  type OfferedTld,
} from '@hostcart/shared-util-domain-search';
import { SEARCH_DEBOUNCE_MS, useDebouncedCallback } from '../hooks/use-debounced-callback';

/** The search field's rules (spec §5): with the offered TLDs known, also "cannot be registered". */
export function checkSearchInput(value: string, tlds: readonly OfferedTld[] | undefined): DomainInputError | undefined {
  if (!tlds || tlds.length === 0) return validateDomainInput(value);
  const result = normalizeDomainSearch(value, tlds);
  return isDomainInputError(result) ? result : undefined;
}

export interface SearchFormProps {
  /** The current search (the URL's d). */
  value: string;
  tlds: readonly OfferedTld[] | undefined;
  /** The server's verdict on the current search, shown when the field has nothing to say itself. */
  serverError?: { key: string; chars?: string[] } | undefined;
  onSearch(value: string): void;
}

interface FormValues {
  domain: string;
}

/**
 * The lookup's search field: it searches 1500 ms after the last keystroke, or at once on Enter;
 * input the rules reject shows its message instead (with the offending characters).
 */
export function SearchForm({ value, tlds, serverError, onSearch }: SearchFormProps) {
  const { t } = useTranslation();
  // The example name ends in the brand country's TLD (Alpenhost: ihr-name.at, issue 23).
  const brandTld = (useGetCurrentBrandQuery().data?.properties['country_code'] || 'de').toLowerCase();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const lastSearched = useRef(value);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: { domain: value } });

  // The URL changed from outside (back button, a link): show that search in the field.
  useEffect(() => {
    if (value !== lastSearched.current) {
      lastSearched.current = value;
      setValue('domain', value);
      clearErrors('domain');
    }
  }, [value, setValue, clearErrors]);

  const search = useDebouncedCallback((raw: string) => {
    const problem = checkSearchInput(raw, tlds);
    if (problem) {
      setError('domain', { type: problem.key, message: JSON.stringify(problem) });
      return;
    }
    clearErrors('domain');
    const next = raw.trim();
    if (next === lastSearched.current) return;
    lastSearched.current = next;
    onSearch(next);
  }, SEARCH_DEBOUNCE_MS);

  const clientError = errors.domain?.message ? (JSON.parse(errors.domain.message) as DomainInputError) : undefined;
  const shown = clientError ?? serverError;
  const message = shown ? t(shown.key, { chars: displayChars(shown.chars ?? []), defaultValue: t('domain.invalid') }) : undefined;

  return (
    <form role="search" className="hc-domain-search hc-domain-search--lookup" noValidate onSubmit={handleSubmit(({ domain }) => search.flush(domain))}>
      <label htmlFor={inputId} className="hc-label">
        {t('domains.search_label')}
      </label>
      <div className="hc-domain-search__row">
        <input
          id={inputId}
          className="hc-input"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('domain_search.placeholder', { tld: brandTld })}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${errorId} ${hintId}` : hintId}
          {...register('domain', { onChange: (e: { target: { value: string } }) => search.schedule(e.target.value) })}
        />
        <button type="submit" className="hc-button">
          {t('domain_search.submit')}
        </button>
      </div>
      <p id={hintId} className="hc-hint">
        {t('domains.search_hint')}
      </p>
      {message && (
        <p id={errorId} className="hc-field-error" role="alert" data-testid="domain-search-error">
          {message}
        </p>
      )}
    </form>
  );
}
