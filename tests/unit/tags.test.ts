import { describe, expect, test } from 'vitest';
import { addTag, normalizeTag, ZTags } from '../../shared/src/rules/tags.ts';

describe('normalizeTag (rule L-3)', () => {
  test.each([
    ['vintage', '#vintage'],
    ['#vintage', '#vintage'],
    ['  ##老物件  ', '#老物件'],
    ['🎸', '#🎸'],
    ['1978', '#1978'],
    ['a'.repeat(20), `#${'a'.repeat(20)}`],
  ])('%j is accepted as %j', (input, expected) => {
    expect(normalizeTag(input)).toEqual({ ok: true, tag: expected });
  });

  test.each([
    ['', 'TAG_EMPTY'],
    ['#', 'TAG_EMPTY'],
    ['   ', 'TAG_EMPTY'],
    ['# ', 'TAG_EMPTY'],
    ['a'.repeat(21), 'TAG_TOO_LONG'],
    ['!!!', 'TAG_SYMBOLS_ONLY'],
    ['#-_-', 'TAG_SYMBOLS_ONLY'],
  ])('%j is refused with %s', (input, code) => {
    expect(normalizeTag(input)).toEqual({ ok: false, code });
  });
});

describe('addTag and ZTags', () => {
  test('duplicates are refused case-insensitively', () => {
    expect(addTag(['#Vintage'], 'vintage')).toEqual({ ok: false, code: 'TAG_DUPLICATE' });
  });

  test('a sixth tag is refused', () => {
    expect(addTag(['#a', '#b', '#c', '#d', '#e'], 'f')).toEqual({ ok: false, code: 'TOO_MANY_TAGS' });
  });

  test('the schema normalises tags and reports the first broken rule as its message', () => {
    expect(ZTags.parse(['retro', '#相机'])).toEqual(['#retro', '#相机']);
    expect(ZTags.safeParse(['retro', 'Retro']).error?.issues[0]?.message).toBe('TAG_DUPLICATE');
    expect(ZTags.safeParse(['a', 'b', 'c', 'd', 'e', 'f']).error?.issues[0]?.message).toBe('TOO_MANY_TAGS');
    expect(ZTags.safeParse(['***']).error?.issues[0]?.message).toBe('TAG_SYMBOLS_ONLY');
  });
});
