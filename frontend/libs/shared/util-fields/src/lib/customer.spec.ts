import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CUSTOMER_RULES, checkCustomerField, customerMaxLength } from './customer';
import { checkPhoneField, loadPhoneCheck } from './phone';

// The customer service (services/customer/domain) runs the same files: libs/testvectors/README.md.
const vectorDir = resolve(__dirname, '../../../../../../libs/testvectors');
const read = <T>(file: string): T => JSON.parse(readFileSync(join(vectorDir, file), 'utf8')) as T;

interface CustomerVectors {
  rules: Record<string, string>;
  cases: { name: string; field: keyof typeof CUSTOMER_RULES; value: string; valid: boolean; errors: string[] }[];
}

interface PhoneVector {
  name: string;
  country: string;
  phone: string;
  valid: boolean;
  errors: string[];
}

const customer = read<CustomerVectors>('customer-fields.json');
const phones = read<PhoneVector[]>('phone.json');

describe('customer-fields.json', () => {
  it('holds the rule texts of CUSTOMER_RULES', () => {
    expect(CUSTOMER_RULES).toEqual(customer.rules);
    expect(customerMaxLength('first_name')).toBe(100);
    expect(customerMaxLength('street')).toBe(200);
    expect(customerMaxLength('email')).toBe(0);
  });

  it('is a sound vector file', () => {
    expect(new Set(customer.cases.map((c) => c.name)).size).toBe(customer.cases.length);
    for (const c of customer.cases) expect([c.name, c.valid]).toEqual([c.name, c.errors.length === 0]);
  });

  it.each(customer.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(checkCustomerField(c.field, c.value)).toEqual(c.errors);
  });
});

describe('phone.json', () => {
  it('is a sound vector file with many numbers both ways', () => {
    expect(new Set(phones.map((c) => c.name)).size).toBe(phones.length);
    for (const c of phones) expect([c.name, c.valid]).toEqual([c.name, c.errors.length === 0]);
    expect(phones.filter((c) => c.valid).length).toBeGreaterThanOrEqual(20);
    expect(phones.filter((c) => !c.valid).length).toBeGreaterThanOrEqual(20);
  });

  it.each(phones.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(await checkPhoneField(c.phone, c.country)).toEqual(c.errors);
  });

  it('loads the metadata once', async () => {
    expect(await loadPhoneCheck()).toBe(await loadPhoneCheck());
  });
});
