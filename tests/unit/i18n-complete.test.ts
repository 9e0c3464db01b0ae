import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { APP_ERROR_CODES, BRAND, DEFAULT_LANGUAGE, DISPLAY_CURRENCIES, LANGUAGES } from '@curio/shared';

/**
 * All six languages complete (rule I-1, engineering rule E-13). Reads the locale files the client
 * bundles (client/src/i18n/locales/<language>/<namespace>.json) and compares them key by key.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../client/src/i18n/locales');

/** i18next plural forms; languages differ in which they need (ja has only _other, en _one and _other). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Share of a non-English file that may equal English before it counts as an untranslated copy. */
const MAX_SHARED_WITH_ENGLISH = 0.2;
/** Words that stay the same in every language: the brand, money codes and units. */
const INVARIANT_WORDS = [BRAND, 'USDN', 'USDT', 'USDX', 'USD', 'pts', 'pt', ...DISPLAY_CURRENCIES];

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, out: Flat, file: string): Flat {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out, file);
  } else {
    throw new Error(`${file}: "${prefix}" must be a string or an object of strings`);
  }
  return out;
}

function readNamespace(language: string, namespace: string): Flat {
  const file = path.join(LOCALES_DIR, language, `${namespace}.json`);
  return flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map(), file);
}

/** Keys with plural suffixes folded together, so "x_one"+"x_other" (en) matches "x_other" (ja). */
function baseKeys(flat: Flat): Set<string> {
  return new Set([...flat.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));
}

function placeholders(text: string): string[] {
  const variables = [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<\/?([a-zA-Z0-9]+)\s*\/?>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...variables, ...tags])].sort();
}

/** Placeholders of a key in one language, over all its plural forms. */
function placeholdersByBaseKey(flat: Flat): Map<string, string[]> {
  const result = new Map<string, Set<string>>();
  for (const [key, text] of flat) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const set = result.get(base) ?? new Set<string>();
    for (const p of placeholders(text)) set.add(p);
    result.set(base, set);
  }
  return new Map([...result].map(([key, set]) => [key, [...set].sort()]));
}

/** True when a text has nothing left to translate once placeholders and invariant words are gone. */
function isInvariant(text: string): boolean {
  let rest = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<\/?[a-zA-Z0-9]+\s*\/?>/g, ' ');
  for (const word of INVARIANT_WORDS) rest = rest.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
  return !/\p{L}/u.test(rest);
}

const namespaces = [
  ...new Set(
    LANGUAGES.flatMap((language) =>
      existsSync(path.join(LOCALES_DIR, language))
        ? readdirSync(path.join(LOCALES_DIR, language))
            .filter((file) => file.endsWith('.json'))
            .map((file) => file.slice(0, -'.json'.length))
        : [],
    ),
  ),
].sort();

describe('locale files', () => {
  test('exist for every language, and no stray language folders', () => {
    const folders = readdirSync(LOCALES_DIR).sort();
    expect(folders).toEqual([...LANGUAGES].sort());
    expect(namespaces.length).toBeGreaterThan(0);
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    test('is present in all six languages', () => {
      const missing = LANGUAGES.filter((language) => !existsSync(path.join(LOCALES_DIR, language, `${namespace}.json`)));
      expect(missing).toEqual([]);
    });

    test('has the same keys in every language as in zh-CN', () => {
      const reference = baseKeys(readNamespace(DEFAULT_LANGUAGE, namespace));
      for (const language of LANGUAGES) {
        const keys = baseKeys(readNamespace(language, namespace));
        const missing = [...reference].filter((key) => !keys.has(key));
        const extra = [...keys].filter((key) => !reference.has(key));
        expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
      }
    });

    test('has no empty texts', () => {
      for (const language of LANGUAGES) {
        const empty = [...readNamespace(language, namespace)].filter(([, text]) => text.trim() === '').map(([key]) => key);
        expect({ language, empty }).toEqual({ language, empty: [] });
      }
    });

    test('uses the same {{variables}} and <tags> in every language', () => {
      const reference = placeholdersByBaseKey(readNamespace(DEFAULT_LANGUAGE, namespace));
      for (const language of LANGUAGES) {
        const actual = placeholdersByBaseKey(readNamespace(language, namespace));
        const mismatched = [...reference]
          .filter(([key, expected]) => actual.has(key) && actual.get(key)!.join(' ') !== expected.join(' '))
          .map(([key, expected]) => `${key}: expected ${expected.join(' ')}, got ${actual.get(key)!.join(' ')}`);
        expect({ language, mismatched }).toEqual({ language, mismatched: [] });
      }
    });

    test('is really translated: at most 20 % of texts equal the English ones', () => {
      const english = readNamespace('en', namespace);
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const texts = readNamespace(language, namespace);
        const comparable = [...texts].filter(([key, text]) => english.has(key) && !isInvariant(text));
        const same = comparable.filter(([key, text]) => english.get(key) === text).map(([key]) => key);
        const share = comparable.length === 0 ? 0 : same.length / comparable.length;
        expect({ language, share: share <= MAX_SHARED_WITH_ENGLISH ? 'ok' : share, same }).toMatchObject({ language, share: 'ok' });
      }
    });
  });

  test('every app error code has a message in errors.json of every language', () => {
    for (const language of LANGUAGES) {
      const file = path.join(LOCALES_DIR, language, 'errors.json');
      const messages = existsSync(file) ? readNamespace(language, 'errors') : new Map<string, string>();
      const missing = APP_ERROR_CODES.filter((code) => !messages.has(code));
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});

describe('the completeness checks themselves', () => {
  test('fold plural forms and compare placeholders', () => {
    const en = new Map([
      ['likes_one', '{{count}} like'],
      ['likes_other', '{{count}} likes'],
    ]);
    const ja = new Map([['likes_other', 'いいね {{count}} 件']]);
    expect([...baseKeys(en)]).toEqual([...baseKeys(ja)]);
    expect(placeholdersByBaseKey(en).get('likes')).toEqual(placeholdersByBaseKey(ja).get('likes'));
    expect(placeholders('Find <accent>{{what}}</accent> here')).toEqual(['<accent>', '{{what}}']);
  });

  test('treat brand, codes and pure placeholders as invariant, and words as translatable', () => {
    expect(isInvariant(`${BRAND}`)).toBe(true);
    expect(isInvariant('≈ {{amount}}')).toBe(true);
    expect(isInvariant('USDN {{min}} – {{max}}')).toBe(true);
    expect(isInvariant('Budget USDN {{min}}')).toBe(false);
    expect(isInvariant('设置')).toBe(false);
  });
});
