import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { rememberSessionCustomer, useGetCountriesQuery, useGetZipCodesQuery, useSaveAddressMutation, type Address, type Country } from '@hostcart/shared-data-access-api';
import { useAppDispatch } from '@hostcart/shared-store';
import { pathTo } from '@hostcart/shared-routing';
import { checkoutPageView, track } from '@hostcart/shared-util-analytics';
import { CustomerGuard } from './customer-guard';
import { FormField } from '@hostcart/shared-ui';
import { customerFieldRule, customerMaxLength, loadPhoneCheck, phoneFieldRule, type CustomerField } from '@hostcart/shared-util-fields';
import { useCustomerNotices } from './notices';
import { applyServerErrors } from './server-errors';
import type { CheckoutCustomer } from '@hostcart/shared-data-access-api';
import type { CustomerScreenProps } from './basic-info-page';
import { ActionBar } from '@hostcart/shared-feature-action-bar';

/** Spec §5 "Customer address" and §9 field lengths: the customer service's rules (shared-util-fields). */
export const MAX_STREET = customerMaxLength('street');
export const MAX_POSTAL_CODE = customerMaxLength('postal_code');
export const MAX_CITY = customerMaxLength('city');
/** Zip codes are searched from this many characters on (spec §2 "Address"). */
export const ZIP_SEARCH_MIN = 3;

interface AddressForm {
  street: string;
  country_code: string;
  postal_code: string;
  city: string;
  phone: string;
}

const FIELDS = ['street', 'country_code', 'postal_code', 'city', 'phone'] as const;

/**
 * A phone number as written in the brand's country (issue 23: the spec's +43 231… is a Dortmund
 * area code, not an Austrian number): Vienna's +43 1 for the Austrian brand, else +49 231.
 */
export function phonePlaceholder(brandCountry: string | undefined): string {
  return brandCountry?.toUpperCase() === 'AT' ? '+43 1 234 5678' : '+49 231 12345678';
}

/**
 * A country's name in the shop's language from the platform's CLDR data (Intl.DisplayNames, no
 * download); the country service's (English) name where the platform knows none.
 */
export function countryName(code: string, locale: string, fallback = code): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code);
    return name && name !== code ? name : fallback;
  } catch {
    return fallback;
  }
}

/** /customer/address (spec §2 "Address"). */
export function AddressPage({ breadcrumbs }: CustomerScreenProps) {
  const location = useLocation();
  const returnToConfirm = !!(location.state as { returnToConfirm?: boolean } | null)?.returnToConfirm;
  return (
    <CustomerGuard need="new">
      {(state) =>
        // With no first name stored it returns to the previous step (spec §2).
        state.customer?.basic_info?.first_name ? (
          <AddressScreen state={state} breadcrumbs={breadcrumbs} returnToConfirm={returnToConfirm} />
        ) : (
          <Navigate to={pathTo('basic-info')} replace />
        )
      }
    </CustomerGuard>
  );
}

function AddressScreen({ state, breadcrumbs, returnToConfirm }: { state: CheckoutCustomer; breadcrumbs?: ReactNode; returnToConfirm: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const countries = useGetCountriesQuery();
  const nameOf = (c: Country) => countryName(c.code, i18n.language || 'en-GB', c.name);
  const brandCountry = (state.brand?.properties['country_code'] ?? 'DE').toUpperCase();
  const stored = state.customer?.address;
  const [save, saving] = useSaveAddressMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { showNotices } = useCustomerNotices();
  const dispatch = useAppDispatch();
  const zipListId = useId();

  // GA4: the address page was shown (spec §4a), once per visit of the screen.
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track(checkoutPageView('address'));
  }, []);

  // The phone's per-country check is its own chunk: fetched with the screen, not on submit.
  useEffect(() => {
    loadPhoneCheck().catch(() => undefined);
  }, []);

  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<AddressForm>({
    mode: 'onTouched',
    defaultValues: {
      street: stored?.street ?? '',
      country_code: stored?.country_code || brandCountry,
      postal_code: stored?.postal_code ?? '',
      city: stored?.city ?? '',
      phone: stored?.phone ?? '',
    },
  });

  const country = watch('country_code');
  const postalCode = watch('postal_code').trim();
  // The zip list is the brand country's; other countries are typed freely.
  const searchZips = country === brandCountry && postalCode.length >= ZIP_SEARCH_MIN;
  const zips = useGetZipCodesQuery(postalCode, { skip: !searchZips });
  const zipMatches = useMemo(() => (searchZips ? (zips.data ?? []).slice(0, 20) : []), [searchZips, zips.data]);

  // Choosing a suggested postal code fills in its city.
  useEffect(() => {
    const exact = zipMatches.find((z) => z.code === postalCode);
    if (exact && exact.city) setValue('city', exact.city, { shouldValidate: true });
  }, [postalCode, zipMatches, setValue]);

  // The picker's search: typing narrows the list to countries whose name or code contains it;
  // the chosen country always stays in the list.
  const [countrySearch, setCountrySearch] = useState('');
  const needle = countrySearch.trim().toLocaleLowerCase();
  const sorted: Country[] = [...(countries.data ?? [])]
    .sort((a, b) => a.order - b.order)
    .filter((c) => needle === '' || c.code === country || nameOf(c).toLocaleLowerCase().includes(needle) || c.code.toLowerCase() === needle);
  const countryField = register('country_code', {
    required: { value: true, message: 'validation.required' },
    // Changing the country resets postal code and city (spec §4 "Field forms").
    onChange: () => {
      setValue('postal_code', '');
      setValue('city', '');
    },
  });

  async function submit(form: AddressForm) {
    setFormError(null);
    const body: Address = {
      street: form.street.trim(),
      postal_code: form.postal_code.trim(),
      city: form.city.trim(),
      country_code: form.country_code,
      phone: form.phone.trim(),
    };
    try {
      const answer = await save(body).unwrap();
      // The next screen's guard must read the saved customer (see rememberSessionCustomer).
      await dispatch(rememberSessionCustomer(answer.customer));
      showNotices(answer.notices);
      navigate(returnToConfirm ? pathTo('confirm') : pathTo('payment'));
    } catch (e) {
      setFormError(applyServerErrors<AddressForm>(e, FIELDS, setError));
    }
  }

  const requiredText = (field: CustomerField) => ({ validate: customerFieldRule(field) });
  const err = (name: keyof AddressForm) => errors[name]?.message;
  const countryError = err('country_code');

  return (
    <div className="hc-page hc-page--narrow">
      {breadcrumbs}
      <h1>{t('customer_forms.address_heading')}</h1>
      <p className="hc-hint">{t('customer_forms.required_hint')}</p>
      <form noValidate onSubmit={handleSubmit(submit)} aria-busy={saving.isLoading || undefined}>
        <FormField
          label={t('customer_forms.street')}
          required
          autoComplete="street-address"
          registration={register('street', requiredText('street'))}
          error={err('street')}
          errorParams={{ max: MAX_STREET }}
        />
        <div className="hc-field">
          <label htmlFor="address-country-search" className="hc-label">
            {t('customer_forms.country_search')}
          </label>
          <input
            id="address-country-search"
            className="hc-input"
            type="search"
            autoComplete="off"
            aria-controls="address-country"
            value={countrySearch}
            onChange={(e) => setCountrySearch(e.target.value)}
          />
        </div>
        <div className="hc-field">
          <label htmlFor="address-country" className="hc-label">
            {t('customer_forms.country')}
            <span aria-hidden="true"> *</span>
          </label>
          <select
            id="address-country"
            className="hc-input"
            autoComplete="country"
            aria-required
            aria-invalid={countryError ? true : undefined}
            aria-describedby={countryError ? 'address-country-error' : undefined}
            {...countryField}
          >
            {/* Until the list is there the brand country stands alone, as the same keyed option,
                so the chosen value survives the list's arrival. */}
            {(sorted.length > 0 ? sorted : [{ code: brandCountry, name: brandCountry } as Country]).map((c) => (
              <option key={c.code} value={c.code}>
                {/* The localised name alone: regional-indicator flags read as letter pairs ("DE") without an emoji font (issue 23 audit). */}
                {nameOf(c)}
              </option>
            ))}
          </select>
          {countryError && (
            <p id="address-country-error" className="hc-field-error">
              {t(countryError, { field: t('customer_forms.country') })}
            </p>
          )}
        </div>
        <FormField
          label={t('customer_forms.postal_code')}
          required
          autoComplete="postal-code"
          inputMode="numeric"
          list={zipMatches.length > 0 ? zipListId : undefined}
          registration={register('postal_code', requiredText('postal_code'))}
          error={err('postal_code')}
          errorParams={{ max: MAX_POSTAL_CODE }}
          after={
            zipMatches.length > 0 ? (
              <datalist id={zipListId}>
                {zipMatches.map((z) => (
                  <option key={`${z.code}-${z.city}`} value={z.code}>
                    {`${z.code} ${z.city}`}
                  </option>
                ))}
              </datalist>
            ) : null
          }
        />
        <FormField
          label={t('customer_forms.city')}
          required
          autoComplete="address-level2"
          registration={register('city', requiredText('city'))}
          error={err('city')}
          errorParams={{ max: MAX_CITY }}
        />
        <FormField
          label={t('customer_forms.phone')}
          required
          type="tel"
          autoComplete="tel"
          placeholder={phonePlaceholder(brandCountry)}
          registration={register('phone', { validate: phoneFieldRule(() => getValues('country_code')) })}
          error={err('phone')}
        />
        {formError && (
          <p className="hc-field-error" role="alert">
            {t(formError)}
          </p>
        )}
        <ActionBar totalOnDesktop>
          <div className="hc-form-actions">
            <Link className="hc-button hc-button--secondary" to={pathTo('basic-info')}>
              {t('customer_forms.back')}
            </Link>
            <button type="submit" className="hc-button hc-button--primary" disabled={saving.isLoading} aria-busy={saving.isLoading || undefined}>
              {state.loginOffered ? t('customer_forms.create_account') : t('customer_forms.next')}
            </button>
          </div>
        </ActionBar>
      </form>
    </div>
  );
}
