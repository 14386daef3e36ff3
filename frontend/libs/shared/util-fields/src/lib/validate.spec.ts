import { compareDecimals, decimal } from './decimal';
import { defineField, validateFields } from './definition';
import { isIPv6 } from './network';
import { NO_RULES, parseRules, RuleParseError } from './parse';
import { length, trim } from './text';
import { validate } from './validate';

const check = (rules: string, value: string, others = {}) => validate(parseRules(rules), value, others);

describe('params of violations', () => {
  it.each([
    ['string|min: 007', 'abc', { key: 'validation.min_length', params: { min: '007' } }],
    ['string|max:3', 'abcd', { key: 'validation.max_length', params: { max: '3' } }],
    ['integer|min:1.50', '1', { key: 'validation.min_value', params: { min: '1.50' } }],
    ['numeric|max:-2', '0', { key: 'validation.max_value', params: { max: '-2' } }],
    ['in: basic , premium', 'gold', { key: 'validation.in', params: { values: 'basic, premium' } }],
    ['boolean|in:1,0', 'maybe', { key: 'validation.boolean', params: {} }],
    ['same:password', 'a', { key: 'validation.same_password', params: { other: 'password' } }],
    ['required', ' ', { key: 'validation.required', params: {} }],
    ['email', 'x', { key: 'validation.email', params: {} }],
  ])('%s with %p', (rules, value, want) => {
    expect(check(rules, value)).toEqual([want]);
  });

  it('lists boolean in: values canonically', () => {
    expect(check('boolean|in:0', '1')).toEqual([{ key: 'validation.in', params: { values: 'false' } }]);
  });

  it('reports too many persons with max 11', () => {
    const persons = Array.from({ length: 12 }, (_, i) => ({ first_name: `F${i}`, last_name: `L${i}` }));
    expect(check('persons', JSON.stringify({ persons }))).toEqual([{ key: 'validation.persons_max', params: { max: '11' } }]);
  });
});

describe('validateFields', () => {
  const defs = [
    defineField('title', 'Site title', 'required|string|max:5'),
    defineField('password', '', 'required|secure_password'),
    defineField('password_confirm', 'Repeat password', 'required|same:password'),
    defineField('note', 'Note', ''),
  ];

  it('returns violations by key, only for fields that have any, with the field param', () => {
    expect(validateFields(defs, { title: 'too long', password: 'Abcdef1!', password_confirm: 'Abcdef1?' })).toEqual({
      title: [{ key: 'validation.max_length', params: { max: '5', field: 'Site title' } }],
      password_confirm: [{ key: 'validation.same_password', params: { other: 'password', field: 'Repeat password' } }],
    });
  });

  it('counts a missing value as empty and names a field without label by its key', () => {
    expect(validateFields(defs, { title: 'ok', password_confirm: '' })).toEqual({
      password: [{ key: 'validation.required', params: { field: 'password' } }],
      password_confirm: [{ key: 'validation.required', params: { field: 'Repeat password' } }],
    });
  });

  it('is empty for valid values', () => {
    expect(validateFields(defs, { title: ' ok ', password: 'Abcdef1!', password_confirm: ' Abcdef1!' })).toEqual({});
  });

  it('does not share params objects between calls', () => {
    const rs = parseRules('string|max:1');
    const first = validate(rs, 'ab');
    validateFields([{ key: 'k', label: 'K', rules: rs }], { k: 'ab' });
    expect(first[0].params).toEqual({ max: '1' });
  });

  it('keeps unusual keys as plain entries', () => {
    const out = validateFields([defineField('__proto__', '', 'required')], {});
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe('parse errors', () => {
  it.each([
    ['nullable', 'unknown_rule', 'nullable'],
    ['required|Required', 'unknown_rule', 'Required'],
    ['max:5|max:6', 'invalid_rule', 'max'],
    ['string|boolean', 'invalid_rule', 'boolean'],
    ['boolean|in:yes', 'invalid_rule', 'in'],
    ['constructor', 'unknown_rule', 'constructor'],
    ['max:99999999999999999999', 'invalid_rule', 'max'],
  ])('%s is %s', (rules, kind, rule) => {
    let err: unknown;
    try {
      parseRules(rules);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RuleParseError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ kind, rule, name: 'RuleParseError' });
  });

  it('names the field when a definition does not parse', () => {
    expect(() => defineField('hostname', 'Host name', 'required|fqdn:strict')).toThrow(
      expect.objectContaining({ kind: 'invalid_rule', rule: 'fqdn', field: 'hostname', message: expect.stringContaining('field "hostname"') }),
    );
  });
});

describe('rule set', () => {
  it('knows whether a value is required and its type', () => {
    expect(parseRules(' required | integer ')).toMatchObject({ required: true, type: 'integer' });
    expect(parseRules('max:5')).toMatchObject({ required: false, type: 'text' });
  });

  it('has an empty rule set that accepts anything', () => {
    expect(validate(NO_RULES, '')).toEqual([]);
    expect(validate(NO_RULES, 'x')).toEqual([]);
  });

  it('reads only own keys of others for same:', () => {
    expect(check('same:constructor', 'x').map((v) => v.key)).toEqual(['validation.same_password']);
    expect(check('same:toString', 'x', { toString: ' x ' })).toEqual([]);
  });

  it('reads only own members of persons', () => {
    expect(check('persons', '{"__proto__": {"persons": [{"first_name": "A"}]}}')).toEqual([]);
    expect(check('persons', '{"persons": [{"constructor": "x", "last_name": "B"}]}').map((v) => v.key)).toEqual(['validation.persons']);
    expect(check('persons', '{"persons": [null]}').map((v) => v.key)).toEqual(['validation.persons']);
    expect(check('persons', '{"persons": [[]]}').map((v) => v.key)).toEqual(['validation.persons']);
  });

  it('refuses JSON nested deeper than the Go decoder reads (10000 levels)', () => {
    const nested = (levels: number) => `{"persons":[],"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect(check('persons', nested(10000))).toEqual([]);
    expect(check('persons', nested(10001)).map((v) => v.key)).toEqual(['validation.persons']);
    expect(check('persons', `{"persons":[],"s":"${'['.repeat(20000)}\\"{"}`)).toEqual([]);
  });
});

describe('decimals', () => {
  const cmp = (a: string, b: string) => compareDecimals(decimal(a), decimal(b));

  it.each([
    ['0', '-0', 0],
    ['+0.000', '0', 0],
    ['-0.5', '0', -1],
    ['-1', '-0.5', -1],
    ['-2', '-10', 1],
    ['007', '7.0', 0],
    ['10', '9.999', 1],
    ['0.10000000000000000001', '0.1', 1],
    ['9007199254740994', '9007199254740993', 1],
    ['123456789012345678901234567890', '123456789012345678901234567891', -1],
  ])('%s vs %s is %i', (a, b, want) => {
    expect(cmp(a, b)).toBe(want);
    expect(cmp(b, a)).toBe(-want || 0);
  });
});

describe('text', () => {
  it('trims what String.prototype.trim trims, pinned to the README list', () => {
    expect(trim('\u2000\u200a\u3000\ufeff x \u00a0\t\u2029')).toBe('x');
    expect(trim('\u0085x\u200b')).toBe('\u0085x\u200b');
  });

  it('trims long runs of white space quickly', () => {
    const v = `${' '.repeat(200_000)}x${' '.repeat(200_000)}y`;
    expect(trim(v)).toBe(v.slice(200_000));
  });

  it('counts code points', () => {
    expect(length('😀e\u0301')).toBe(3);
  });
});

describe('ipv6 beyond the vectors', () => {
  it.each([
    ['::1.2.3.4', true],
    ['1::1.2.3.4', true],
    ['1:2:3:4:5:6::1.2.3.4', false],
    ['1.2.3.4::', false],
    ['::ffff:1.2.3', false],
    [':::', false],
    ['1:::2', false],
    ['1:2:3:4:5:6:7:8', true],
    ['1::2:3:4:5:6:7', true],
    ['1::2:3:4:5:6:7:8', false],
    [':', false],
    ['', false],
    ['1:2:3:4:5:6:7:', false],
    ['00000::1', false],
  ])('%s is %p', (v, want) => {
    expect(isIPv6(v)).toBe(want);
  });
});
