import { describe, expect, test } from 'vitest';
import { hasControlCharacters, isReservedNickname, stripInvisible, zName, zText } from '@curio/shared';
import { defaultNickname } from '../../server/src/domain/accounts/create-user.ts';

/** The shared text rules (shared/src/rules/text.ts, ADR 0026), by example. */
describe('isReservedNickname', () => {
  test.each([
    'Admin',
    'admin',
    'ＡＤＭＩＮ',
    'аdmin',
    'adm1n',
    'admin007',
    'Adm\u200Bin',
    'Administrator',
    'moderator',
    'Curio',
    'CURIO',
    'ｃｕｒｉｏ',
    'c.u.r.i.o',
    'Curio_Official',
    'CurioSupport',
    'curio official',
    'curioteam',
    '2curio',
    'support',
    'Support Team',
    'official',
    'staff',
    '管理员',
    '管理員',
    '客服',
    '客服小美',
    'Curio客服',
    '官方旗舰店',
    '运营小助手',
    '運営',
    '관리자',
  ])('%s passes for staff or the brand', (nickname) => {
    expect(isReservedNickname(nickname)).toBe(true);
  });

  test.each([
    'badminton',
    'curiosity',
    'curious',
    'supporter',
    'Collector',
    'Curie',
    'bob',
    'Ann',
    'Lily 🌸',
    '小美',
    '陶瓷爱好者',
    'kuriosa',
    'Teapot Aunt',
    '古董收藏家',
    'みどり',
    '민지',
    'José',
  ])('%s is an ordinary name', (nickname) => {
    expect(isReservedNickname(nickname)).toBe(false);
  });
});

describe('isReservedNickname compares what names look like (ADR 0043)', () => {
  test.each([
    ['a soft hyphen inside the brand', 'Cur\u00ADio Store'],
    ['a dotless ı', 'Admın'],
    ['Lisu ꓮ (U+A4EE)', '\uA4EEdmin'],
    ['an accent, composed', 'Admín'],
    ['an accent, decomposed', 'A\u0301dmin'],
    ['Cyrillic А', '\u0410dmin'],
    ['Cyrillic о', 'Curi\u043E'],
    ['Greek ο and Cyrillic а mixed', 'St\u0430ff Curi\u03BF'],
    ['full-width letters', 'Ｃｕｒｉｏ'],
    ['spaced-out letters', 'C u r i o'],
    ['rn for m', 'rnoderator'],
    ['l and 0 for i and o', 'Curl0'],
    ['a lower-case l for a capital I', 'ADMlN'],
    ['Cyrillic small-capital lookalikes', 'ѕтaff'],
    ['a variation selector', 'Curio\uFE0F'],
    ['a combining grapheme joiner', 'St\u034Faff'],
    ['a tag character', 'Ad\u{E0061}min'],
    ['a symbol that looks like a letter', '\u237Admin'],
    ['a lookalike inside a staff suffix', 'curio\uA4E2upport'],
    ['a sign stuck to the word', 'Curio!'],
    ['Hangul compatibility jamo spelling 관리자', '관ㄹㅣ자'],
  ])('%s: %j passes for staff or the brand', (_how, nickname) => {
    expect(isReservedNickname(nickname)).toBe(true);
  });

  test.each([
    // Chinese (simplified and traditional), Japanese, Korean, Spanish, English
    '王小明',
    '陳美玲',
    '古董愛好者',
    '佐藤 みどり',
    'がっこう',
    'さくら🌸',
    '김민지',
    '이서연',
    'José Núñez',
    'Ángela',
    'Ramón',
    'María José',
    'Iñigo',
    'Toño',
    'Olivia',
    'Cameron',
    'Milo',
    'Ali',
    'Administración de fincas',
    'Moderato',
    'Stuff',
    'Currie',
    'Curitiba',
    'Staffordshire',
    'supportive',
    'officially',
    '👨‍👩‍👧 family',
  ])('%s is an ordinary name', (nickname) => {
    expect(isReservedNickname(nickname)).toBe(false);
  });
});

describe('control and invisible characters', () => {
  test.each(['a\u0000b', 'bell\u0007', 'esc\u001B[31m', 'del\u007F', 'c1\u0085', 'lone \uD800 surrogate'])('%j has control characters', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  test.each(['plain', 'two\nlines', 'tab\tstop', 'crlf\r\n', '😀 emoji', '👨‍👩‍👧 family', 'عربي', '中文'])('%j has none', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });

  test('names lose bidi overrides, isolates, marks and zero-width characters', () => {
    expect(stripInvisible('Tom\u202Eevil\u200B')).toBe('Tomevil');
    expect(stripInvisible('\u2066a\u2069\u200Eb\u200F\uFEFFc\u2060d\u3164')).toBe('abcd');
  });

  test('zName strips before trimming and counting; zText keeps text as typed but in NFC', () => {
    const title = zName().trim().min(1, { error: 'TITLE_REQUIRED' });
    expect(title.parse(' \u202EMing vase\u200B ')).toBe('Ming vase');
    expect(title.safeParse('\u200B\u200B').error?.issues[0]?.message).toBe('TITLE_REQUIRED');
    expect(zText().parse('Jose\u0301 \u200D')).toBe('Jos\u00E9 \u200D');
    expect(
      zText()
        .trim()
        .max(3)
        .safeParse('a\u0000bcdef')
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['TEXT_CONTROL_CHARACTER']);
  });
});

test('a default nickname never passes for staff', () => {
  expect(defaultNickname('admin@example.com')).toMatch(/^member\d{4}$/);
  expect(defaultNickname('support@example.com')).toMatch(/^member\d{4}$/);
  expect(defaultNickname('jane.doe@example.com')).toBe('jane.doe');
});
