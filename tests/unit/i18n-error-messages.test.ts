import { describe, expect, test } from 'vitest';
import { LANGUAGES, LIMITS, LISTING_TITLE_MAX, WARRANTY_DAYS } from '@curio/shared';
import { acceptedLanguage, errorMessageIn, refusalLanguage } from '../../server/src/i18n/error-messages.ts';

/** The server's wording of refusals (ADR 0031): the client's errors.json, in the caller's language. */
describe('acceptedLanguage', () => {
  test.for([
    [undefined, null],
    ['', null],
    ['en-US,en;q=0.9', 'en'],
    ['ja', 'ja'],
    ['ko-KR', 'ko'],
    ['es-419', 'es'],
    ['zh-TW', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['de, fr;q=0.8', null],
    ['de, ko;q=0.5, en;q=0.4', 'ko'],
  ] as const)('%j -> %j', ([header, expected]) => {
    expect(acceptedLanguage(header)).toBe(expected);
  });

  test('the member’s preference comes first, then the header, then zh-CN', () => {
    expect(refusalLanguage('ko', 'en')).toBe('ko');
    expect(refusalLanguage(null, 'en')).toBe('en');
    expect(refusalLanguage(null, null)).toBe('zh-CN');
  });
});

describe('errorMessageIn', () => {
  test('fills placeholders from the parameters, in every language', () => {
    for (const language of LANGUAGES) {
      const message = errorMessageIn(language, 'RATE_LIMITED', { seconds: 42 });
      expect(message).toContain('42');
      expect(message).not.toMatch(/\{\{|RATE_LIMITED/);
    }
    expect(errorMessageIn('en', 'RATE_LIMITED', { seconds: 42 })).toBe('Too many attempts; try again in 42 seconds');
  });

  test('texts of limits a schema refuses (no parameters there) name the number of the rules', () => {
    const numbers: [code: 'TITLE_TOO_LONG' | 'NICKNAME_TOO_LONG' | 'TAG_TOO_LONG' | 'TOO_MANY_TAGS' | 'WARRANTY_INVALID', values: number[]][] = [
      ['TITLE_TOO_LONG', [LISTING_TITLE_MAX, LIMITS.buyingRequestTitleMax]],
      ['NICKNAME_TOO_LONG', [LIMITS.nicknameMax]],
      ['TAG_TOO_LONG', [LIMITS.tagMaxLength]],
      ['TOO_MANY_TAGS', [LIMITS.maxTags]],
      ['WARRANTY_INVALID', WARRANTY_DAYS.filter((days) => days > 0)],
    ];
    for (const language of LANGUAGES) {
      for (const [code, values] of numbers) {
        const digits = errorMessageIn(language, code).match(/\d+/g)?.map(Number) ?? [];
        expect({ language, code, missing: values.filter((value) => !digits.includes(value)) }).toEqual({ language, code, missing: [] });
      }
    }
  });
});
