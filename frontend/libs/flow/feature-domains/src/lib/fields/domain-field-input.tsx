import { useId } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import type { AdditionalField, Country } from '@hostcart/shared-data-access-api';
import { isRequiredField, widgetFor } from '@hostcart/shared-ui-fields';

export interface DomainFieldInputProps {
  field: AdditionalField;
  /** The page form's binding of this field (react-hook-form's Controller). */
  input: Pick<ControllerRenderProps, 'value' | 'onChange' | 'onBlur'>;
  countries: readonly Country[];
  /** Translated message of the field's first problem. */
  error: string | undefined;
}

/**
 * One additional field of a domain, drawn by the shared widget of its input_component (country
 * picker, text, ...), so domain fields look and behave like every other fields form.
 */
export function DomainFieldInput({ field, input, countries, error }: DomainFieldInputProps) {
  const id = useId();
  const Widget = widgetFor(field.input_component);
  return (
    <Widget
      field={field}
      required={isRequiredField(field)}
      countries={countries}
      id={id}
      errorId={`${id}-error`}
      value={typeof input.value === 'string' ? input.value : ''}
      onChange={(value) => input.onChange(value)}
      onBlur={input.onBlur}
      error={error}
    />
  );
}
