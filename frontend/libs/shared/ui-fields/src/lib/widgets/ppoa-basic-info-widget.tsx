import { useTranslation } from 'react-i18next';
import { readAuthorization, readBasicInfo, readPersons, SALUTATIONS, type BasicInfoValue, type PersonForm } from '@hostcart/shared-util-fields';
import { useFieldFamily } from '../family-context';
import { FieldError } from './field-error';
import { SubInput } from './sub-input';
import type { WidgetProps } from './widget-props';

const EMPTY: PersonForm = { salutation: '', first_name: '', last_name: '', company: '' };

/** What can be copied from the business address of the same cart item: its first complete tenant. */
export function copySourceOf(businessAddress: Readonly<Record<string, string>> | undefined): Pick<PersonForm, 'first_name' | 'last_name'> | undefined {
  const first = readPersons(businessAddress?.['nsa_additional_tenants'] ?? '').find((p) => p.first_name.trim() && p.last_name.trim());
  return first ? { first_name: first.first_name.trim(), last_name: first.last_name.trim() } : undefined;
}

/**
 * The basic info of the person granting power of attorney (spec §2): a form per ticked
 * authorisation (private: salutation and names; business: also the company), each with a button
 * that copies the names from the business-address lines of the same cart item when there are any.
 * Value: {"private":{...},"business":{...}}.
 */
export function PpoaBasicInfoWidget({ field, id, value, onChange, onBlur, error, errorId, values }: WidgetProps) {
  const { t } = useTranslation();
  const { businessAddress } = useFieldFamily();
  const info = readBasicInfo(value);
  const auth = readAuthorization(values?.['ppoa_authorization'] ?? '');
  // Without an authorisation ticked yet the private form is shown, so the field can be filled.
  const kinds = (['private', 'business'] as const).filter((k) => auth[k] || (k === 'private' && !auth.business));
  const source = copySourceOf(businessAddress);
  const set = (kind: keyof BasicInfoValue, patch: Partial<PersonForm>) => {
    const next: BasicInfoValue = {};
    for (const k of kinds) next[k] = { ...EMPTY, ...info[k], ...(k === kind ? patch : {}) };
    // A private person has no company.
    if (next.private) delete next.private.company;
    onChange(JSON.stringify(next));
  };
  const described = error ? errorId : undefined;
  return (
    <fieldset className="hc-field-group hc-family" aria-describedby={described}>
      <legend className="hc-label">{field.label || field.key}</legend>
      {kinds.map((kind) => {
        const form = { ...EMPTY, ...info[kind] };
        const base = kind === kinds[0] ? id : `${id}-${kind}`;
        return (
          <fieldset key={kind} className="hc-field-group hc-family__form">
            <legend className="hc-label">{t(`families.basic_info.${kind}_heading`)}</legend>
            {source && (
              <button type="button" className="hc-button hc-button--secondary hc-family__copy" onClick={() => set(kind, source)}>
                {t('families.basic_info.copy')}
              </button>
            )}
            <div className="hc-field">
              <label htmlFor={base} className="hc-label">
                {t('families.basic_info.salutation')}
              </label>
              <select id={base} className="hc-input" value={form.salutation} aria-describedby={described} onChange={(e) => set(kind, { salutation: e.target.value })} onBlur={onBlur}>
                <option value="">{t('families.basic_info.choose')}</option>
                {SALUTATIONS.map((s) => (
                  <option key={s} value={s}>
                    {t(`families.basic_info.salutation_${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="hc-family__row">
              <SubInput id={`${base}-first`} label={t('families.basic_info.first_name')} value={form.first_name} required describedBy={described} autoComplete="given-name" onChange={(v) => set(kind, { first_name: v })} onBlur={onBlur} />
              <SubInput id={`${base}-last`} label={t('families.basic_info.last_name')} value={form.last_name} required describedBy={described} autoComplete="family-name" onChange={(v) => set(kind, { last_name: v })} onBlur={onBlur} />
            </div>
            {kind === 'business' && (
              <SubInput id={`${base}-company`} label={t('families.basic_info.company')} value={form.company ?? ''} required describedBy={described} autoComplete="organization" onChange={(v) => set(kind, { company: v })} onBlur={onBlur} />
            )}
          </fieldset>
        );
      })}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
