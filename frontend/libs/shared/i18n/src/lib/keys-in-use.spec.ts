import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deDE } from './locales/de-DE';
import { enGB } from './locales/en-GB';

// Every message key the sources name literally must have a text in both languages: a key that
// exists nowhere shows as a marker (missingKeyMarker) and fails the e2e walk, but only on the
// screens the walk reaches. This scan covers every screen.

const FRONTEND = join(__dirname, '..', '..', '..', '..', '..');
const ROOTS = ['libs', 'apps'].map((d) => join(FRONTEND, d));

/**
 * Keys built at run time (`t(`titles.${route.id}`)`): the literal part before the first ${ must be
 * one of these groups, and the group must exist in both languages. Anything else dynamic is a key
 * held in a variable (server message keys, TermLabel.key), checked where it is made.
 */
const DYNAMIC_PREFIXES = [
  'titles.', // a page title per route (i18n.spec checks every route has one)
  'notifications.type_', // error, warning, info
  'footer.', // the footer's fixed links
  'cart_page.table.', // the column names of the stacked rows
  'cart_page.kind.', // addon, upsell, domain, transfer
  'cart_page.breadcrumbs.', // the four checkout steps
  'cart_page.trust.method_', // paypal, sepa, card
  'order_confirm.consent_', // the consent checkboxes
  'order_confirm.known_from_options.', // the fixed how-do-you-know-us choices
  'addon_screens.', // recommended, regular
  'families.authorization.', // private, business
  'families.basic_info.', // private_heading, business_heading
  'families.basic_info.salutation_', // mr, ms
  'families.legal.p', // the paragraphs of the power of attorney
  'families.signature.styles.', // the fixed signature styles
  'fields_form.windows_edition_', // core, gui
  'fields_form.windows_language_', // en, de
];

/** Literal keys that are meant to be missing: the call names its own default. */
const MEANT_MISSING = new Set<string>([]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'gen' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function lookup(messages: object, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), messages);
}

/** A text exists for key: the key itself, or its plural forms when it is called with count. */
function hasText(messages: object, key: string): boolean {
  return typeof lookup(messages, key) === 'string' || (typeof lookup(messages, `${key}_one`) === 'string' && typeof lookup(messages, `${key}_other`) === 'string');
}

/** The group a run-time key is built in has texts that start like it. */
function groupHasTexts(messages: object, prefix: string): boolean {
  const group = lookup(messages, prefix.slice(0, prefix.lastIndexOf('.')));
  const start = prefix.slice(prefix.lastIndexOf('.') + 1);
  return !!group && typeof group === 'object' && Object.keys(group).some((k) => k.startsWith(start));
}

interface Use {
  file: string;
  key: string;
  dynamic: boolean;
}

// t(…) and i18n.t(…): the string literals of the first argument, so t(cond ? 'a.b' : 'a.c') counts
// both keys; a template literal with ${} is a run-time key and counts by its literal start.
const CALL = /(?<![\w$.])(?:i18n\.)?t\(/g;
const LITERAL = /'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g;

/** The first argument of a call whose "(" ends at start: up to its first top-level "," or ")". */
function firstArgument(code: string, start: number): string {
  let depth = 0;
  let quote = '';
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return code.slice(start, i);
      depth--;
    } else if (c === ',' && depth === 0) return code.slice(start, i);
  }
  return '';
}

function uses(): Use[] {
  return ROOTS.flatMap(sources).flatMap((path) => {
    const file = relative(FRONTEND, path);
    const code = readFileSync(path, 'utf8');
    return [...code.matchAll(CALL)].flatMap((call) =>
      [...firstArgument(code, (call.index ?? 0) + call[0].length).matchAll(LITERAL)]
        .map((m) => m[1] ?? m[2] ?? m[3])
        // Only strings that look like keys: a condition's other strings ("true") are not texts.
        .filter((literal) => /^[a-z][\w-]*\./.test(literal))
        .map((literal) => {
          const dynamic = literal.includes('${');
          return { file, key: dynamic ? literal.slice(0, literal.indexOf('${')) : literal, dynamic };
        }),
    );
  });
}

describe('message keys named in the sources', () => {
  const found = uses();

  it('finds the calls (the scan itself works)', () => {
    expect(found.length).toBeGreaterThan(300);
    expect(found).toContainEqual({ file: 'libs/checkout/feature-cart/src/lib/cart-page.tsx', key: 'cart_page.to_checkout', dynamic: false });
    expect(found).toContainEqual({ file: 'apps/shell/src/app/route-screen.tsx', key: 'titles.', dynamic: true });
  });

  it.each([
    ['de-DE', deDE],
    ['en-GB', enGB],
  ])('has a %s text for every literal key', (_, messages) => {
    const missing = found.filter((u) => !u.dynamic && !MEANT_MISSING.has(u.key) && !hasText(messages, u.key)).map((u) => `${u.file}: ${u.key}`);
    expect(missing).toEqual([]);
  });

  it.each([
    ['de-DE', deDE],
    ['en-GB', enGB],
  ])('builds run-time keys only inside the known %s groups', (_, messages) => {
    const unknown = found
      .filter((u) => u.dynamic)
      .filter((u) => !DYNAMIC_PREFIXES.includes(u.key) || !groupHasTexts(messages, u.key))
      .map((u) => `${u.file}: ${u.key}\${…}`);
    expect(unknown).toEqual([]);
  });

  it.each([
    ['de-DE', deDE],
    ['en-GB', enGB],
  ])('has a %s text for every key held in a constant or passed on (a string starting with a text group)', (_, messages) => {
    // Keys travel as values too: notification messages, TermLabel.key, FAMILY_KEYS. A string whose
    // first segment is one of the text groups ("cart_page.", "families.") is taken for a key; it
    // must name a text, or a group that run-time keys are built in (util-pricing terms.ts).
    const groups = new Set(Object.keys(messages));
    const missing = ROOTS.flatMap(sources).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/'([a-z_]+\.[\w.-]+)'|"([a-z_]+\.[\w.-]+)"/g)]
        .map((m) => m[1] ?? m[2])
        .filter((key) => groups.has(key.split('.')[0]) && !hasText(messages, key) && typeof lookup(messages, key) !== 'object')
        .map((key) => `${relative(FRONTEND, path)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds a key that has no text (the check can fail)', () => {
    expect(hasText(enGB, 'cart_page.no_such_text')).toBe(false);
    expect(hasText(enGB, 'header.cart_items')).toBe(true);
    expect(hasText(enGB, 'cart_page')).toBe(false);
  });
});
