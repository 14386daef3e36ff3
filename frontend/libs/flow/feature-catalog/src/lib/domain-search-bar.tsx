import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetCurrentBrandQuery } from '@hostcart/shared-data-access-api';
import { pathTo } from '@hostcart/shared-routing';
import { validateDomainSearch, type DomainSearchError } from './domain-search';

/**
 * The search bar above the category tiles; searching opens the domain lookup.
 *
 * A plain form, not react-hook-form: the bar is on the shop's first screen, and one field did not
 * justify 17 KB of it in the first load (issue 14). It behaves as the react-hook-form version did:
 * checked on submit (the first invalid submit focuses the field), then again on every change.
 */
export function DomainSearchBar() {
  const { t } = useTranslation();
  // The example name ends in the brand country's TLD (Alpenhost: ihr-name.at, issue 23).
  const brandTld = (useGetCurrentBrandQuery().data?.properties['country_code'] || 'de').toLowerCase();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<DomainSearchError | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const problem = validateDomainSearch(value);
    setError(problem);
    if (problem) input.current?.focus();
    else void navigate(pathTo('domains-lookup', {}, { d: value.trim().toLowerCase() }));
  };

  return (
    <section className="hc-domain-search" aria-labelledby={headingId}>
      <h2 id={headingId} className="hc-domain-search__heading">
        {t('domain_search.heading')}
      </h2>
      <form role="search" className="hc-domain-search__form" noValidate onSubmit={onSubmit}>
        <label htmlFor={inputId} className="hc-label">
          {t('domain_search.label')}
        </label>
        <div className="hc-domain-search__row">
          <input
            ref={input}
            id={inputId}
            name="domain"
            className="hc-input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('domain_search.placeholder', { tld: brandTld })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (submitted) setError(validateDomainSearch(event.target.value));
            }}
          />
          <button type="submit" className="hc-button">
            {t('domain_search.submit')}
          </button>
        </div>
        {error && (
          <p id={errorId} className="hc-field-error" role="alert">
            {t(error.key, error.params ?? {})}
          </p>
        )}
      </form>
    </section>
  );
}
