import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GROUP_COMPANY, GROUP_PRIVATE, rememberSessionCustomer, useSaveBasicInfoMutation, type BasicInfo } from '@hostcart/shared-data-access-api';
import { useAppDispatch } from '@hostcart/shared-store';
import { pathTo } from '@hostcart/shared-routing';
import { CustomerGuard } from './customer-guard';
import { FormField } from '@hostcart/shared-ui';
import { customerFieldRule, customerMaxLength } from '@hostcart/shared-util-fields';
import { applyServerErrors } from './server-errors';
import { useCustomerNotices } from './notices';
import type { CheckoutCustomer } from '@hostcart/shared-data-access-api';
import { ActionBar } from '@hostcart/shared-feature-action-bar';

/** Spec §5 "Customer basic info" and §9 field lengths: each field's own limit from the customer service's rules (shared-util-fields). */
const maxOf = (field: 'first_name' | 'last_name' | 'company_name' | 'company_vat_id') => ({ max: customerMaxLength(field) });

interface BasicInfoForm {
  group: string;
  gender: string;
  first_name: string;
  last_name: string;
  company_name: string;
  company_vat_id: string;
  email: string;
}

const FIELDS = ['group', 'gender', 'first_name', 'last_name', 'company_name', 'company_vat_id', 'email'] as const;

export interface CustomerScreenProps {
  /** The checkout breadcrumbs, handed in by the app (a feature library does not import another). */
  breadcrumbs?: ReactNode;
}

/** /customer/basic-info (spec §2 "Basic info"). */
export function BasicInfoPage({ breadcrumbs }: CustomerScreenProps) {
  const location = useLocation();
  const returnToConfirm = !!(location.state as { returnToConfirm?: boolean } | null)?.returnToConfirm;
  return (
    <CustomerGuard need="new" existingTo={pathTo('confirm')}>
      {(state) => <BasicInfoScreen state={state} breadcrumbs={breadcrumbs} returnToConfirm={returnToConfirm} />}
    </CustomerGuard>
  );
}

function BasicInfoScreen({ state, breadcrumbs, returnToConfirm }: { state: CheckoutCustomer; breadcrumbs?: ReactNode; returnToConfirm: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const props = state.brand?.properties ?? {};
  // A brand that says nothing about a kind takes it, as the customer service does.
  const allowCompanies = props['allow_companies'] !== 'false';
  const allowPrivate = props['allow_private_persons'] !== 'false';
  const forcedGroup = allowCompanies && allowPrivate ? null : allowCompanies ? GROUP_COMPANY : GROUP_PRIVATE;
  const stored = state.customer?.basic_info;
  const [save, saving] = useSaveBasicInfoMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { showNotices } = useCustomerNotices();
  const dispatch = useAppDispatch();

  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<BasicInfoForm>({
    mode: 'onTouched',
    defaultValues: {
      group: String(forcedGroup ?? stored?.group ?? GROUP_PRIVATE),
      // No salutation is preselected (issue 23): a customer who has not saved basic info yet chooses;
      // the stored gender 0 of such a customer is the proto default, not a choice.
      gender: stored?.first_name ? String(stored.gender ?? 0) : '',
      first_name: stored?.first_name ?? '',
      last_name: stored?.last_name ?? '',
      company_name: stored?.company_name ?? '',
      company_vat_id: stored?.company_vat_id ?? '',
      email: stored?.email ?? '',
    },
  });
  const isCompany = Number(forcedGroup ?? watch('group')) === GROUP_COMPANY;
  const backTo = state.loginOffered ? pathTo('login-or-register') : pathTo('cart');
  const termsUrl = isCompany ? props['terms_business_url'] : props['terms_private_url'];

  async function submit(form: BasicInfoForm) {
    setFormError(null);
    const group = forcedGroup ?? Number(form.group);
    // Basic info Forward (spec §4): company fields are dropped for a private person.
    const body: BasicInfo = {
      group,
      gender: Number(form.gender),
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      company_name: group === GROUP_COMPANY ? form.company_name.trim() : '',
      company_vat_id: group === GROUP_COMPANY ? form.company_vat_id.replace(/\s+/g, '') : '',
      email: form.email.trim(),
    };
    try {
      const answer = await save(body).unwrap();
      // The next screen's guard must read the saved customer (see rememberSessionCustomer).
      await dispatch(rememberSessionCustomer(answer.customer));
      showNotices(answer.notices);
      navigate(returnToConfirm ? pathTo('confirm') : pathTo('address'));
    } catch (e) {
      setFormError(applyServerErrors<BasicInfoForm>(e, FIELDS, setError));
    }
  }

  const required = (key: string) => ({ value: true, message: key });
  const err = (name: keyof BasicInfoForm) => errors[name]?.message;
  const genderField = register('gender', { required: required('customer_forms.gender_required') });

  return (
    <div className="hc-page hc-page--narrow">
      {breadcrumbs}
      <h1>{t('customer_forms.basic_heading')}</h1>
      <p className="hc-hint">{t('customer_forms.required_hint')}</p>
      <form noValidate onSubmit={handleSubmit(submit)} aria-busy={saving.isLoading || undefined}>
        {forcedGroup === null && (
          <fieldset className="hc-choice-group" aria-describedby={err('group') ? 'group-error' : undefined}>
            <legend className="hc-label">{t('customer_forms.order_as')}</legend>
            <label className="hc-choice">
              <input type="radio" value={String(GROUP_PRIVATE)} {...register('group')} />
              <span>{t('customer_forms.private')}</span>
            </label>
            <label className="hc-choice">
              <input type="radio" value={String(GROUP_COMPANY)} {...register('group')} />
              <span>{t('customer_forms.company')}</span>
            </label>
            {err('group') && (
              <p id="group-error" className="hc-field-error">
                {t(err('group') as string, { field: t('customer_forms.order_as') })}
              </p>
            )}
          </fieldset>
        )}
        <fieldset className="hc-choice-group" aria-describedby={err('gender') ? 'gender-error' : undefined}>
          <legend className="hc-label">{t('customer_forms.gender')}</legend>
          <label className="hc-choice">
            <input type="radio" value="0" {...genderField} />
            <span>{t('customer_forms.mr')}</span>
          </label>
          <label className="hc-choice">
            <input type="radio" value="1" {...genderField} />
            <span>{t('customer_forms.ms')}</span>
          </label>
          {err('gender') && (
            <p id="gender-error" className="hc-field-error">
              {t(err('gender') as string, { field: t('customer_forms.gender') })}
            </p>
          )}
        </fieldset>
        {/* A forced kind has no switch to show the server's refusal at (customer.group_not_allowed). */}
        {forcedGroup !== null && err('group') && (
          <p className="hc-field-error" role="alert">
            {t(err('group') as string, { field: t('customer_forms.order_as') })}
          </p>
        )}
        <FormField
          label={t('customer_forms.first_name')}
          required
          autoComplete="given-name"
          registration={register('first_name', { validate: customerFieldRule('first_name') })}
          error={err('first_name')}
          errorParams={maxOf('first_name')}
        />
        <FormField
          label={t('customer_forms.last_name')}
          required
          autoComplete="family-name"
          registration={register('last_name', { validate: customerFieldRule('last_name') })}
          error={err('last_name')}
          errorParams={maxOf('last_name')}
        />
        {isCompany && (
          <>
            <FormField
              label={t('customer_forms.company_name')}
              required
              autoComplete="organization"
              registration={register('company_name', {
                validate: (v) => !isCompany || customerFieldRule('company_name')(v),
              })}
              error={err('company_name')}
              errorParams={maxOf('company_name')}
            />
            <FormField
              // Austria calls it UID-Nummer (brand country AT), Germany USt-IdNr. (issue 23).
              label={t(props['country_code']?.toUpperCase() === 'AT' ? 'customer_forms.company_vat_id_at' : 'customer_forms.company_vat_id')}
              autoComplete="off"
              registration={register('company_vat_id', {
                validate: customerFieldRule('company_vat_id'),
              })}
              error={err('company_vat_id')}
              errorParams={maxOf('company_vat_id')}
            />
          </>
        )}
        <FormField
          label={t('customer_forms.email')}
          required
          type="email"
          autoComplete="email"
          registration={register('email', {
            validate: customerFieldRule('email'),
          })}
          error={err('email')}
        />
        {termsUrl && (
          <p className="hc-hint">
            {t('customer_forms.legal_intro')}{' '}
            <a href={termsUrl} target="_blank" rel="noopener noreferrer">
              {t('customer_forms.legal_link')}
            </a>
          </p>
        )}
        {formError && (
          <p className="hc-field-error" role="alert">
            {t(formError)}
          </p>
        )}
        <ActionBar totalOnDesktop>
          <div className="hc-form-actions">
            <Link className="hc-button hc-button--secondary" to={backTo}>
              {t('customer_forms.back')}
            </Link>
            <button type="submit" className="hc-button hc-button--primary" disabled={saving.isLoading} aria-busy={saving.isLoading || undefined}>
              {t('customer_forms.next')}
            </button>
          </div>
        </ActionBar>
      </form>
    </div>
  );
}

