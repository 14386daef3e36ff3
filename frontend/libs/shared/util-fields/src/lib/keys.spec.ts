import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createI18n } from '@hostcart/shared-i18n/testing';
import { MESSAGE_KEYS } from './keys';
import { parseRules } from './parse';
import { validate } from './validate';

// libs/testvectors/message-keys.json is the list the Go validator answers with (its own test
// compares libs/go/fields against the same file), so the UI must know and translate exactly these.
const vectorDir = resolve(__dirname, '../../../../../../libs/testvectors');

interface MessageKeyVector {
  key: string;
  /** Params the rule attaches; validating a form adds `field` to every violation. */
  params: string[];
}

interface ValueVector {
  name: string;
  rules: string;
  value: string;
  others: Record<string, string>;
}

const messageKeys = JSON.parse(readFileSync(resolve(vectorDir, 'message-keys.json'), 'utf8')) as MessageKeyVector[];
const valueVectors = JSON.parse(readFileSync(resolve(vectorDir, 'fields.json'), 'utf8')) as ValueVector[];
const paramsOf = new Map(messageKeys.map((v) => [v.key, v.params]));

describe('message keys', () => {
  it('are the keys of message-keys.json, in the same order', () => {
    expect(messageKeys.length).toBeGreaterThanOrEqual(25);
    expect([...MESSAGE_KEYS]).toEqual(messageKeys.map((v) => v.key));
  });

  it('carry exactly the params message-keys.json names for them', () => {
    const mismatches: string[] = [];
    for (const c of valueVectors) {
      for (const v of validate(parseRules(c.rules), c.value, c.others)) {
        const got = Object.keys(v.params).sort();
        const want = [...(paramsOf.get(v.key) ?? [])].sort();
        if (got.join() !== want.join()) mismatches.push(`${c.name}: ${v.key} has [${got}], want [${want}]`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it.each([...MESSAGE_KEYS])('%s has its own text in de-DE and en-GB', (key) => {
    const de = createI18n('de-DE');
    const en = createI18n('en-GB');
    expect(de.exists(key)).toBe(true);
    expect(en.exists(key)).toBe(true);
    expect(de.t(key)).not.toBe(en.t(key));
  });

  // Any {{name}} a violation does not carry would stay unfilled on screen.
  it.each([...MESSAGE_KEYS])('%s interpolates only params it is given', (key) => {
    const given = [...(paramsOf.get(key) ?? []), 'field'];
    for (const locale of ['de-DE', 'en-GB']) {
      const text: string = createI18n(locale).getResource(locale, 'translation', key);
      const unknown = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).filter((p) => !given.includes(p));
      expect([locale, unknown]).toEqual([locale, []]);
    }
  });
});
