import { FAMILY_KEYS as K, familyViolations, formatSignatureDate, readBasicInfo, readPersons, readPOBox } from './families';

const tenants = (n: number) => JSON.stringify({ persons: Array.from({ length: n }, (_, i) => ({ first_name: `F${i}`, last_name: `L${i}` })) });
const today = new Date(2026, 10, 25, 12);

// The same cases as services/catalog/domain/family_fields_test.go: both sides must agree.
describe('familyViolations', () => {
  it.each<[string, string, string, string[]]>([
    ['po box unticked', 'nsa_po_box', '{"enabled":false,"number":"","zip":"","city":""}', []],
    ['po box ticked and empty', 'nsa_po_box', '{"enabled":true,"number":" ","zip":"","city":null}', [K.poBoxNumberRequired, K.poBoxZipRequired, K.poBoxCityRequired]],
    ['po box zip too long', 'nsa_po_box', '{"enabled":true,"number":"1","zip":"12345678901","city":"Berlin"}', [K.poBoxTooLong]],
    ['po box not JSON', 'nsa_po_box', 'yes', [K.poBoxInvalid]],
    ['po box wrong types', 'nsa_po_box', '{"enabled":"true","number":1}', [K.poBoxInvalid]],
    ['street complete', 'nsa_street', '{"street":"Friedrichstraße","number":"12a"}', []],
    ['street range', 'nsa_street', '{"street":"Hauptstraße","number":"12-14"}', []],
    ['street without number', 'nsa_street', '{"street":"Hauptstraße","number":""}', [K.streetNumberRequired]],
    ['street number letters only', 'nsa_street', '{"street":"Hauptstraße","number":"abc"}', [K.streetNumberInvalid]],
    ['street upper-case keys', 'nsa_street', '{"Street":"Hauptstraße","Number":"3"}', [K.streetRequired, K.streetNumberRequired]],
    ['street too long', 'nsa_street', JSON.stringify({ street: 'a'.repeat(201), number: '3' }), [K.streetTooLong]],
    ['eleven tenants', 'nsa_additional_tenants', tenants(11), []],
    ['twelve tenants', 'nsa_additional_tenants', tenants(12), ['validation.persons_max']],
    ['a tenant with one name', 'nsa_additional_tenants', '{"persons":[{"first_name":"Ada","last_name":""}]}', ['validation.persons']],
    ['rental period', 'nsa_minimum_rental_period', '12', []],
    ['rental period not a number', 'nsa_minimum_rental_period', 'twelve', [K.rentalPeriodUnknown]],
    ['no authorisation', 'ppoa_authorization', '{"private":false,"business":false}', [K.authorizationRequired]],
    ['authorisation malformed', 'ppoa_authorization', '["private"]', [K.authorizationInvalid]],
    ['business form without company', 'ppoa_basic_info', '{"business":{"salutation":"mr","first_name":"A","last_name":"B","company":""}}', [K.basicInfoCompany]],
    ['no form', 'ppoa_basic_info', '{}', [K.basicInfoRequired]],
    ['bad salutation, one name', 'ppoa_basic_info', '{"private":{"salutation":"dr","first_name":"Ada"}}', [K.basicInfoSalutation, K.basicInfoNameRequired]],
    ['form not an object', 'ppoa_basic_info', '{"private":"Ada"}', [K.basicInfoInvalid]],
    ['signature complete', 'ppoa_signature', '{"style":"montez-regular","place":"Berlin","date":"25.11.2026"}', []],
    ['signature yesterday', 'ppoa_signature', '{"style":"coming-soon","place":"Wien","date":"24.11.2026"}', []],
    ['signature last week', 'ppoa_signature', '{"style":"coming-soon","place":"Wien","date":"18.11.2026"}', [K.signatureDate]],
    ['signature impossible date', 'ppoa_signature', '{"style":"coming-soon","place":"Wien","date":"31.02.2026"}', [K.signatureDate]],
    ['signature all wrong', 'ppoa_signature', '{"style":"comic-sans","place":"","date":"2026-11-25"}', [K.signatureStyle, K.signaturePlaceRequired, K.signatureDate]],
    ['empty is for required to judge', 'ppoa_signature', '  ', []],
    ['other components pass', 'text', 'anything', []],
  ])('%s', (_name, component, value, want) => {
    expect(familyViolations(component, value, {}, today)).toEqual(want);
  });

  it('asks for the form of every ticked authorisation', () => {
    const basic = '{"private":{"salutation":"ms","first_name":"Ada","last_name":"Lovelace"}}';
    expect(familyViolations('ppoa_basic_info', basic, { ppoa_authorization: '{"private":true,"business":true}' })).toEqual([K.basicInfoFormMissing]);
    expect(familyViolations('ppoa_basic_info', basic, { ppoa_authorization: '{"private":true,"business":false}' })).toEqual([]);
  });
});

describe('readers', () => {
  it('read stored values leniently', () => {
    expect(readPOBox('nonsense')).toEqual({ enabled: false, number: '', zip: '', city: '' });
    expect(readPersons('{"persons":[{"first_name":"A","last_name":"B"},3]}')).toEqual([{ first_name: 'A', last_name: 'B' }]);
    expect(readBasicInfo('{"business":{"salutation":"mr","first_name":"A"}}').business).toEqual({ salutation: 'mr', first_name: 'A', last_name: '', company: '' });
  });

  it('formats the signature date as dd.mm.yyyy', () => {
    expect(formatSignatureDate(new Date(2026, 0, 5))).toBe('05.01.2026');
  });
});
