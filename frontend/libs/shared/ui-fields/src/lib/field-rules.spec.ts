import { formatWindowsVersion, parseWindowsVersion } from './choices';
import { fieldsShown, firstViolation, headlineOf, initialValue, serverMessageParams, valuesToSave } from './field-rules';
import { fieldDef } from './test-utils';

describe('field rules', () => {
  it('reports the first violation of the shared engine with the field label', () => {
    const f = fieldDef(1, 'ssl_domain', 'Domain', 'required|fqdn');
    expect(firstViolation(f, '  ')).toEqual({ key: 'validation.required', params: { field: 'Domain' } });
    expect(firstViolation(f, 'not a host')?.key).toBe('validation.fqdn');
    expect(firstViolation(f, 'www.example.com')).toBeUndefined();
    expect(firstViolation(fieldDef(2, 'x', '', 'required|bogus'), '')).toBeUndefined();
  });

  it('fills server message params from the rules', () => {
    const f = fieldDef(1, 'duns', 'D-U-N-S', 'string|min:9|max:9');
    expect(serverMessageParams(f, 'validation.min_length')).toEqual({ field: 'D-U-N-S', min: '9' });
    expect(serverMessageParams(undefined, 'validation.required')).toEqual({ field: '' });
  });

  it('shows postponed fields only in post-fill, in order', () => {
    const fields = [fieldDef(3, 'c', 'C', '', { order: 1 }), fieldDef(2, 'b', 'B', '', { is_postponed: true }), fieldDef(1, 'a', 'A', '', { order: 1 })];
    expect(fieldsShown(fields, false).map((f) => f.id)).toEqual([1, 3]);
    expect(fieldsShown(fields, true).map((f) => f.id)).toEqual([1, 3, 2]);
  });

  it('starts from the stored value, the prefill, the brand country, unticked checkboxes', () => {
    const country = fieldDef(11, 'ms_tenant_country', 'Country', 'required', { input_component: 'country', prefilled_with: 'brand_country' });
    expect(initialValue(country, [], 'AT')).toBe('AT');
    expect(initialValue(country, [{ field_id: 11, value: 'DE' }], 'AT')).toBe('DE');
    expect(initialValue(fieldDef(1, 'c', 'C', '', { input_component: 'country' }), undefined, 'DE')).toBe('DE');
    expect(initialValue(fieldDef(4, 'os', 'OS', 'required', { prefilled_with: 'ubuntu-22.04' }), null, 'DE')).toBe('ubuntu-22.04');
    expect(initialValue(fieldDef(7, 'ok', 'OK', 'required|boolean|in:true', { input_component: 'checkbox' }), [], 'DE')).toBe('false');
    expect(initialValue(fieldDef(8, 't', 'T', ''), [], 'DE')).toBe('');
  });

  it('takes the headline only when exactly one field has one', () => {
    expect(headlineOf([fieldDef(1, 'a', 'A', '', { headline: 'Which domain?' }), fieldDef(2, 'b', 'B', '')])).toBe('Which domain?');
    expect(headlineOf([fieldDef(1, 'a', 'A', '', { headline: 'One' }), fieldDef(2, 'b', 'B', '', { headline: 'Two' })])).toBeUndefined();
    expect(headlineOf([fieldDef(1, 'a', 'A', '')])).toBeUndefined();
  });

  it('saves shown values trimmed and the prefilled postponed ones', () => {
    const fields = [
      fieldDef(4, 'os', 'OS', 'required', { prefilled_with: 'ubuntu-22.04' }),
      fieldDef(6, 'host', 'Host', 'required|fqdn', { is_postponed: true, prefilled_with: 'server.example.com' }),
      fieldDef(9, 'mail', 'Mail', 'required|email', { is_postponed: true }),
    ];
    expect(valuesToSave(fields, { os: ' debian-11 ' }, [], 'DE')).toEqual([
      { field_id: 4, value: 'debian-11' },
      { field_id: 6, value: 'server.example.com' },
    ]);
    expect(valuesToSave(fields, { os: 'debian-11' }, [{ field_id: 9, value: 'a@b.de' }], 'DE')).toContainEqual({ field_id: 9, value: 'a@b.de' });
  });

  it('splits and joins Windows server versions', () => {
    expect(parseWindowsVersion('2022-gui-de')).toEqual({ version: '2022', edition: 'gui', language: 'de' });
    expect(parseWindowsVersion('2016-gui-fr')).toEqual({ version: '', edition: 'gui', language: '' });
    expect(formatWindowsVersion({ version: '2019', edition: 'core', language: 'en' })).toBe('2019-core-en');
    expect(formatWindowsVersion({ version: '2019', edition: '', language: 'en' })).toBe('');
  });
});
