import { needsProductFields } from './order-rules';

describe('needsProductFields', () => {
  const f = (is_postponed: boolean) => ({ id: 1, key: 'k', label: '', order: 1, validation_rules: '', input_component: 'text', is_postponed, prefilled_with: '', headline: '', is_secret: false });
  it('is true when any field belongs to the main flow', () => {
    expect(needsProductFields({ additional_fields: [f(true), f(false)] })).toBe(true);
    expect(needsProductFields({ additional_fields: [f(true)] })).toBe(false);
    expect(needsProductFields({ additional_fields: [] })).toBe(false);
  });
});
