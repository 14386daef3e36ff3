import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@hostcart/shared-routing';
import { validateDomainSearch } from './domain-search';

interface FormValues {
  domain: string;
}

/** The search bar above the category tiles; searching opens the domain lookup. */
export function DomainSearchBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const headingId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: { domain: '' } });

  const error = errors.domain?.message ? (JSON.parse(errors.domain.message) as { key: string; params?: Record<string, string> }) : undefined;

  return (
    <section className="hc-domain-search" aria-labelledby={headingId}>
      <h2 id={headingId} className="hc-domain-search__heading">
        {t('domain_search.heading')}
      </h2>
      <form
        role="search"
        className="hc-domain-search__form"
        noValidate
        onSubmit={handleSubmit(({ domain }) => navigate(pathTo('domains-lookup', {}, { d: domain.trim().toLowerCase() })))}
      >
        <label htmlFor={inputId} className="hc-label">
          {t('domain_search.label')}
        </label>
        <div className="hc-domain-search__row">
          <input
            id={inputId}
            className="hc-input"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('domain_search.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...register('domain', {
              validate: (value) => {
                const problem = validateDomainSearch(value);
                return problem ? JSON.stringify(problem) : true;
              },
            })}
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
