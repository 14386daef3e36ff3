import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createI18n } from '@hostcart/shared-i18n';
import { MESSAGE_KEYS } from './keys';

// The Go validator's keys (libs/go/fields/keys.go) are what the server answers with, so the UI must
// know and translate exactly these.
const keysGo = readFileSync(resolve(__dirname, '../../../../../../libs/go/fields/keys.go'), 'utf8');

function goMessageKeys(): string[] {
  const constants = new Map([...keysGo.matchAll(/^\s*(Key\w+)\s*=\s*"([^"]+)"/gm)].map((m) => [m[1], m[2]]));
  const list = keysGo.match(/var MessageKeys = \[\]string\{([^}]*)\}/)?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((name) => constants.get(name) ?? `unknown constant ${name}`);
}

// Params a text may interpolate (libs/testvectors/README.md, "Message keys and params"); any other
// {{name}} would stay unfilled on screen.
const params: Record<string, string[]> = {
  'validation.required': ['field'],
  'validation.min_length': ['min', 'field'],
  'validation.min_value': ['min', 'field'],
  'validation.max_length': ['max', 'field'],
  'validation.max_value': ['max', 'field'],
  'validation.in': ['values', 'field'],
  'validation.persons_max': ['max', 'field'],
  'validation.same_password': ['other', 'field'],
};

describe('message keys', () => {
  it('are the Go validator keys, in the same order', () => {
    const goKeys = goMessageKeys();
    expect(goKeys.length).toBeGreaterThanOrEqual(25);
    expect([...MESSAGE_KEYS]).toEqual(goKeys);
  });

  it.each([...MESSAGE_KEYS])('%s has its own text in de-DE and en-GB', (key) => {
    const de = createI18n('de-DE');
    const en = createI18n('en-GB');
    expect(de.exists(key)).toBe(true);
    expect(en.exists(key)).toBe(true);
    expect(de.t(key)).not.toBe(en.t(key));
  });

  it.each([...MESSAGE_KEYS])('%s interpolates only params it is given', (key) => {
    for (const locale of ['de-DE', 'en-GB']) {
      const text: string = createI18n(locale).getResource(locale, 'translation', key);
      const unknown = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).filter((p) => !(params[key] ?? ['field']).includes(p));
      expect([locale, unknown]).toEqual([locale, []]);
    }
  });
});
