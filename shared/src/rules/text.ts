import { BRAND } from '../brand.ts';

/**
 * One hygiene rule for text people type (ADR 0026). Control characters have no business in
 * anything a member writes and break logs, exports and other people's screens: they are
 * refused. Names and titles additionally lose the invisible characters that let one member pass
 * for another (a right-to-left override that reverses a name's tail, a zero-width space inside
 * "admin"); longer texts keep them, since real scripts (Arabic, Persian, emoji sequences) use
 * some of them and those texts are never read as someone's identity.
 */

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls; unpaired surrogates. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * Bidi embeddings, overrides and isolates, directional marks, zero-width spaces and joiners,
 * word joiner, byte-order mark, Mongolian vowel separator, the invisible math operators, and
 * Hangul fillers that render as nothing.
 */
const INVISIBLE = /[\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]/g;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Letters from other scripts that look like Latin ones, and digits and signs used as letters. */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  к: 'k',
  м: 'm',
  т: 't',
  н: 'h',
  в: 'b',
  ԁ: 'd',
  ո: 'n',
  ս: 'u',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  τ: 't',
  ι: 'i',
  κ: 'k',
  υ: 'u',
  ε: 'e',
  μ: 'm',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};

/** Staff and brand words written in Latin letters: matched as whole words or as a name's start. */
const LATIN_RESERVED = ['admin', 'administrator', 'moderator', 'support', 'official', 'staff', BRAND.toLowerCase()];
/** Staff words in Chinese, Japanese and Korean: these scripts have no word breaks, so any occurrence counts. */
const CJK_RESERVED = ['管理员', '管理員', '客服', '官方', '运营', '運營', '管理者', '運営', '관리자', '운영자'];

function fold(text: string): string {
  const compatible = text.normalize('NFKC').toLowerCase();
  let folded = '';
  for (const char of compatible) folded += LOOKALIKES[char] ?? char;
  return folded;
}

/** A reserved word, or one with a number stuck to it ("admin007", "2curio"). */
function isReservedWord(token: string): boolean {
  const folded = fold(token);
  if (LATIN_RESERVED.includes(folded)) return true;
  const numbered = /^\d*(\p{L}+)\d*$/u.exec(token);
  return numbered !== null && numbered[1] !== token && LATIN_RESERVED.includes(fold(numbered[1]!));
}

/**
 * Whether a nickname would pass for staff or the brand: "Admin", "ＡＤＭＩＮ", "аdmin" (Cyrillic
 * а), "adm1n", "admin007", "Curio_Official", "CurioSupport", "c.u.r.i.o", "客服小美". Ordinary
 * words that merely contain a reserved one stay allowed ("badminton", "curiosity", "supporter" —
 * a fan is no support agent): a Latin word must stand alone, or be the whole name once the
 * separators are gone, or start it followed by a staff word ("curioteam").
 */
export function isReservedNickname(nickname: string): boolean {
  const visible = stripInvisible(nickname).normalize('NFKC');
  if (CJK_RESERVED.some((word) => fold(visible).includes(word))) return true;
  // camelCase boundaries are word breaks too: "CurioSupport" is "Curio Support"
  const tokens = visible
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}@$!|]+/u)
    .filter(Boolean);
  if (tokens.some(isReservedWord)) return true;
  const joined = fold(visible).replace(/[^\p{L}]+/gu, '');
  return LATIN_RESERVED.some((word) => joined === word || (joined.startsWith(word) && isStaffSuffix(joined.slice(word.length))));
}

/** What follows a reserved word in names like "curioofficial" or "adminteam". */
function isStaffSuffix(rest: string): boolean {
  return LATIN_RESERVED.includes(rest) || ['team', 'help', 'helpdesk', 'service', 'cs', 'bot', 'desk'].includes(rest);
}
