import './lib/fields.css';
export { FieldsForm } from './lib/fields-form';
export type { FieldsFormProps } from './lib/fields-form';
export { useFieldsForm, TOUCH_DELAY_MS, confirmKey } from './lib/use-fields-form';
export type { FieldsFormState } from './lib/use-fields-form';
export {
  BRAND_COUNTRY,
  fieldsShown,
  firstViolation,
  headlineOf,
  initialValue,
  isRequiredField,
  serverMessageParams,
  valuesToSave,
} from './lib/field-rules';
export { WIDGETS, widgetFor } from './lib/field-widget';
export { LINUX_DISTRIBUTIONS, DUNS_LOOKUP_SITES, parseWindowsVersion, formatWindowsVersion } from './lib/choices';
export type { Choice, WindowsVersion } from './lib/choices';
export { TOOLTIP_DELAY_MS } from './lib/widgets/lookup-sites';
export type { WidgetProps, InputBinding } from './lib/widgets/widget-props';
export type { CountryOption, FieldDef, FieldMessage, FieldValueEntry, ServerFieldErrors } from './lib/types';
export { FieldFamilyContext, useFieldFamily } from './lib/family-context';
export type { FieldFamily, CustomerTypeOption, RentalPeriodOption } from './lib/family-context';
export { STREET_CHECK_DELAY_MS } from './lib/widgets/nsa-street-widget';
export { SIGNATURE_FONTS, signerName } from './lib/widgets/ppoa-signature-widget';
export { copySourceOf } from './lib/widgets/ppoa-basic-info-widget';
export { LEGAL_PARAGRAPHS } from './lib/widgets/ppoa-legal-text';
