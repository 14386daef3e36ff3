import type { AdditionalField } from '@hostcart/shared-data-access-api';
import type { SelectedDomain } from '../selection/domain-selection';
import { tld } from '../test-utils';
import { hasMissingFields, nextAfterDomains } from './next-step';

const field = (id: number, rules: string, postponed = false): AdditionalField => ({
  id,
  key: `f${id}`,
  label: `Field ${id}`,
  order: id,
  validation_rules: rules,
  input_component: 'text',
  is_postponed: postponed,
  prefilled_with: '',
  headline: '',
});
const tlds = [tld(1, 'eu', 1, { additional_fields: [field(1, 'required|string|min:2|max:2')] }), tld(2, 'de', 1, { additional_fields: [field(2, 'required|string', true)] })];
const chosen = (name: string, itemId: string | null, fields: Record<string, string> = {}): SelectedDomain => ({
  domain: name,
  domainUnicode: name,
  tld: name.split('.').slice(1).join('.'),
  itemId,
  kind: 'register',
  additionalFields: fields,
});

describe('next step after the domains', () => {
  it('asks for missing required fields that are not postponed', () => {
    expect(hasMissingFields(chosen('a.eu', null), tlds)).toBe(true);
    expect(hasMissingFields(chosen('a.eu', null, { '1': 'DE' }), tlds)).toBe(false);
    expect(hasMissingFields(chosen('a.de', null), tlds)).toBe(false);
    expect(nextAfterDomains('7', [chosen('a.eu', '7')], tlds)).toBe('/domains/additional-domain-fields?id=7');
  });

  it('asks about a product after a domains-only order, else goes on to the cart', () => {
    expect(nextAfterDomains(null, [chosen('müller.de', null)], tlds)).toBe('/domains/do-you-want-to-add-a-product?d=m%C3%BCller.de');
    expect(nextAfterDomains('7', [chosen('a.de', '7')], tlds)).toBe('/cart');
    expect(nextAfterDomains('7', [], tlds)).toBe('/cart');
  });
});
