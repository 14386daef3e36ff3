import type { AdditionalField } from '@hostcart/shared-data-access-api';
import { fieldsShown, firstViolation, serverMessageParams } from './field-rules';

const field = (rules: string, extra: Partial<AdditionalField> = {}): AdditionalField => ({
  id: 1,
  key: 'ns',
  label: 'Name server',
  order: 1,
  validation_rules: rules,
  input_component: 'text',
  is_postponed: false,
  prefilled_with: '',
  headline: '',
  is_secret: false,
  ...extra,
});

describe('domain field rules', () => {
  it('reports the first violation of the shared rule engine with the field label', () => {
    expect(firstViolation(field('required|string'), ' ')).toEqual({ key: 'validation.required', params: { field: 'Name server' } });
    expect(firstViolation(field('string|fqdn|max:253'), 'not a host')?.key).toBe('validation.fqdn');
    expect(firstViolation(field('string|fqdn|max:253'), 'ns1.example.com')).toBeUndefined();
  });

  it('leaves definitions it cannot parse to the server', () => {
    expect(firstViolation(field('required|bogus'), '')).toBeUndefined();
  });

  it('fills the params of server keys from the field’s rules', () => {
    expect(serverMessageParams(field('required|string|min:2|max:100'), 'validation.min_length')).toEqual({ field: 'Name server', min: '2' });
    expect(serverMessageParams(field('required|string|min:2|max:100'), 'validation.max_length')).toEqual({ field: 'Name server', max: '100' });
    expect(serverMessageParams(undefined, 'validation.required')).toEqual({ field: '' });
  });

  it('shows postponed fields only in post-fill', () => {
    const fields = [field('string', { id: 2, order: 2, is_postponed: true }), field('required', { id: 1, order: 1 })];
    expect(fieldsShown(fields, false).map((f) => f.id)).toEqual([1]);
    expect(fieldsShown(fields, true).map((f) => f.id)).toEqual([1, 2]);
  });
});
