import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessageKey, type FieldValue } from '@hostcart/shared-data-access-api';
import { FieldsForm, type FieldDef, type FieldFamily, type ServerFieldErrors } from '@hostcart/shared-ui-fields';
import { useFieldEnvironment, useServerValidation } from './use-server-fields';

type Save = (values: FieldValue[]) => Promise<ServerFieldErrors | void>;

/**
 * The save of every field screen (spec §5): server validation first, staying on the form with
 * its per-field errors; then `store` (add to or change the cart, go on). A failed call stays on
 * the form with its message; `messageParams` fill the message's placeholders (e.g. the product).
 */
export function useValidatedSave(
  type: 'product' | 'addon' | 'upsell',
  store: (values: FieldValue[]) => Promise<void>,
  messageParams: Record<string, string> = {},
): { save: Save; failure?: string } {
  const { t } = useTranslation();
  const validate = useServerValidation(type);
  const [failure, setFailure] = useState<string | undefined>();
  const save = useCallback<Save>(
    async (values) => {
      setFailure(undefined);
      // Nothing per field for a failed call: the form stays as it is ({}), with the message.
      const fail = (key: string) => {
        setFailure(t(key, { ...messageParams, defaultValue: t('error.generic') }));
        return {};
      };
      const verdict = await validate(values);
      if (!verdict.ok) return 'errors' in verdict ? verdict.errors : fail(verdict.failure);
      try {
        await store(values);
      } catch (e) {
        return fail(errorMessageKey(e as FetchBaseQueryError));
      }
    },
    [messageParams, store, t, validate],
  );
  return { save, failure };
}

export interface FieldsScreenProps {
  heading: string;
  /** Text under the heading (intro, certificate hint). */
  children?: ReactNode;
  /** Identifies the line: a new one gets a fresh form. */
  formKey: string;
  fields: readonly FieldDef[];
  postponedStep: boolean;
  stored?: readonly FieldValue[];
  onSave: Save;
  failure?: string;
  /** What the business-address and power-of-attorney widgets need (useFieldFamilyFor). */
  family?: FieldFamily;
}

/** A field screen: heading, text, the fields form with Back and Save-and-proceed. */
export function FieldsScreen({ heading, children, formKey, fields, postponedStep, stored, onSave, failure, family }: FieldsScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { countries, brandCountry } = useFieldEnvironment();
  return (
    <section className="hc-page hc-page--narrow">
      <h1>{heading}</h1>
      {children}
      <FieldsForm
        key={formKey}
        fields={fields}
        postponedStep={postponedStep}
        stored={stored}
        countries={countries}
        brandCountry={brandCountry}
        onSave={onSave}
        error={failure}
        family={family}
        secondaryActions={
          <button type="button" className="hc-button hc-button--secondary" onClick={() => navigate(-1)}>
            {t('fields_form.back')}
          </button>
        }
      />
    </section>
  );
}

/** The frame of a field screen while it loads or after its data failed. */
export function FieldsScreenState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="hc-page hc-page--narrow">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
