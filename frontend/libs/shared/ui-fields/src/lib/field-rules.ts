import { familyViolations, MAX_PERSONS, parseRules, RuleParseError, validate, type OtherValues } from '@hostcart/shared-util-fields';
import type { FieldDef, FieldMessage, FieldValueEntry } from './types';

/** prefilled_with value that asks for the brand's country (services/catalog/seed/README.md). */
export const BRAND_COUNTRY = 'brand_country';

const labelOf = (field: Pick<FieldDef, 'key' | 'label'>) => field.label || field.key;

/**
 * The first problem of a value under the field's rules (the shared engine, the same keys as the
 * server), or undefined. A definition whose rules do not parse is left to the server to judge.
 */
export function firstViolation(
  field: Pick<FieldDef, 'key' | 'label' | 'validation_rules'> & Partial<Pick<FieldDef, 'input_component'>>,
  value: string,
  others: OtherValues = {},
  today?: Date,
): FieldMessage | undefined {
  try {
    const [first] = validate(parseRules(field.validation_rules), value, others);
    if (first) return { key: first.key, params: { ...first.params, field: labelOf(field) } };
  } catch (err) {
    if (!(err instanceof RuleParseError)) throw err;
  }
  // The business-address and power-of-attorney widgets' structure (the seed names those fields
  // by their component, so others by key serve as others by component). A signature is checked
  // against `today`, the same day the form shows and saves (the form's clock); without it the date
  // is left to the server.
  const [family] = field.input_component ? familyViolations(field.input_component, value, others, today) : [];
  return family ? { key: family, params: { field: labelOf(field), max: String(MAX_PERSONS) } } : undefined;
}

/** Whether the rules make the field required (an unreadable definition counts as optional). */
export function isRequiredField(field: Pick<FieldDef, 'validation_rules'>): boolean {
  try {
    return parseRules(field.validation_rules).required;
  } catch (err) {
    if (err instanceof RuleParseError) return false;
    throw err;
  }
}

/** The fields shown now, in order: in the main flow only those not postponed, in post-fill (p=y) all. */
export function fieldsShown<F extends Pick<FieldDef, 'id' | 'order' | 'is_postponed'>>(fields: readonly F[], postponedStep: boolean): F[] {
  return fields.filter((f) => postponedStep || !f.is_postponed).sort((a, b) => a.order - b.order || a.id - b.id);
}

/**
 * The params a server message key needs (the server sends keys only): taken from the field's own
 * rules, the same way the shared engine fills them.
 */
export function serverMessageParams(field: Pick<FieldDef, 'key' | 'label' | 'validation_rules'> | undefined, key: string): Record<string, string> {
  const params: Record<string, string> = { field: field ? labelOf(field) : '' };
  if (!field) return params;
  let rules;
  try {
    rules = parseRules(field.validation_rules).rules;
  } catch {
    return params;
  }
  const arg = (name: string) => rules.find((r) => r.name === name);
  if (key === 'validation.min_length' || key === 'validation.min_value') params['min'] = arg('min')?.arg ?? '';
  if (key === 'validation.max_length' || key === 'validation.max_value') params['max'] = arg('max')?.arg ?? '';
  if (key === 'validation.in') params['values'] = (arg('in')?.values ?? []).join(', ');
  if (key === 'validation.persons_max') params['max'] = String(MAX_PERSONS);
  if (key === 'validation.same_password') params['other'] = arg('same')?.arg ?? '';
  return params;
}

/**
 * The value a field starts with: the stored one, else prefilled_with (brand_country and every
 * country field without a value take the brand's country), else empty; a checkbox starts unticked.
 */
export function initialValue(field: FieldDef, stored: readonly FieldValueEntry[] | null | undefined, brandCountry: string): string {
  const kept = stored?.find((v) => v.field_id === field.id)?.value;
  if (kept !== undefined && kept !== '') return kept;
  if (field.prefilled_with === BRAND_COUNTRY || (field.input_component === 'country' && !field.prefilled_with)) return brandCountry;
  if (field.prefilled_with) return field.prefilled_with;
  return field.input_component === 'checkbox' ? 'false' : '';
}

/**
 * The heading of a fields form (spec §2): the field's own headline when exactly one shown field
 * has one, else undefined (the screen's generic title).
 */
export function headlineOf(fields: readonly Pick<FieldDef, 'headline'>[]): string | undefined {
  const with_ = fields.filter((f) => f.headline.trim() !== '');
  return with_.length === 1 ? with_[0].headline : undefined;
}

/**
 * What a save stores for a line: the shown fields' trimmed values, plus the stored or prefilled
 * values of the postponed fields not shown now ("a prefilled postponed field is set on load").
 */
export function valuesToSave(
  fields: readonly FieldDef[],
  shown: Readonly<Record<string, string>>,
  stored: readonly FieldValueEntry[] | null | undefined,
  brandCountry: string,
): FieldValueEntry[] {
  const out: FieldValueEntry[] = [];
  for (const f of [...fields].sort((a, b) => a.order - b.order || a.id - b.id)) {
    const value = Object.prototype.hasOwnProperty.call(shown, f.key) ? shown[f.key].trim() : initialValue(f, stored, brandCountry).trim();
    if (Object.prototype.hasOwnProperty.call(shown, f.key) || value !== '') out.push({ field_id: f.id, value });
  }
  return out;
}
