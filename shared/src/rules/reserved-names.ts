import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { BRAND } from '../brand.ts';

/**
 * Whether a name would pass for staff or the brand (ADR 0026, ADR 0043). Names are compared
 * with the reserved words by what they look like, not by their code points: invisible
 * characters go (Unicode's Default_Ignorable_Code_Point: soft hyphen, zero-width characters,
 * variation selectors, bidi controls, Hangul fillers), compatibility forms are unified (NFKC:
 * "ＡＤＭＩＮ"), accents go (NFD, then every combining mark), and every character becomes its
 * prototype in Unicode's confusables data (UTS #39 skeletons: Cyrillic "а" is "a", Lisu "ꓮ" is
 * "A", dotless "ı" is "i", "m" is "rn", "0" is "O"). Reserved words go through the same steps, so
 * "Admín", "ꓮdmin", "Cur\u00ADio" and "rnoderator" are caught while "José", "Ramón" and
 * "badminton" are not.
 *
 * The data is confusables.txt as the unhomoglyph package ships it (one prototype per character),
 * read directly: its function builds one regular expression of all 6,000 characters, and the
 * client's bundler turns its require() of the table into a module twice the table's size. The
 * table is about 29 KiB gzip, so this is a module of its own, re-exported by rules/text.ts: only
 * what calls isReservedNickname loads it (the server, and the profile form's chunk in the
 * client), not every form that imports the text rules, and not the first load.
 */

/** Staff and brand words written in Latin letters: matched as whole words or as a name's start. */
const LATIN_RESERVED = ['admin', 'administrator', 'moderator', 'support', 'official', 'staff', BRAND.toLowerCase()];
/** What may follow a reserved word in names like "curioofficial" or "adminteam". */
const STAFF_SUFFIXES = [...LATIN_RESERVED, 'team', 'help', 'helpdesk', 'service', 'cs', 'bot', 'desk'];
/** Staff words in Chinese, Japanese and Korean: these scripts have no word breaks, so any occurrence counts. */
const CJK_RESERVED = ['管理员', '管理員', '客服', '官方', '运营', '運營', '管理者', '運営', '관리자', '운영자'];

/**
 * Digits and signs typed for letters ("adm1n", "$upport", "@dmin"). Not confusables in
 * Unicode's sense (its "1" looks like an "l"), but read as letters all the same.
 */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'i' };
const LEET_SIGNS = /[013457@$!|]/g;

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const MARKS = /\p{M}/gu;
/** Symbols that are not letters but may look like one ("⍺" for "a", "∪" for "U"); the leet signs have their own reading. */
const SYMBOL = /[^\p{L}\p{N}\s@$!|]/gu;

/** Invisible characters gone, compatibility forms unified, accents off. */
function plain(text: string): string {
  return text.replace(IGNORABLE, '').normalize('NFKC').normalize('NFD').replace(MARKS, '');
}

const PROTOTYPES: Readonly<Record<string, string>> = confusables;

/** UTS #39's skeleton, NFD(prototypes(NFD(text))), with accents folded off as well. */
function skeleton(text: string): string {
  let mapped = '';
  for (const char of text.normalize('NFD')) mapped += PROTOTYPES[char] ?? char;
  return mapped.normalize('NFD').replace(MARKS, '');
}

/** A symbol whose prototype is Latin letters counts as those letters, so it cannot split a word. */
function symbolsAsLetters(text: string): string {
  return text.replace(SYMBOL, (symbol) => {
    const prototype = skeleton(symbol);
    return /^[A-Za-z]+$/.test(prototype) ? prototype : symbol;
  });
}

function readLeet(text: string): string {
  return text.replace(LEET_SIGNS, (sign) => LEET[sign] ?? sign);
}

/** Case-blind skeleton: prototypes may be capitals ("ꓮ" is "A"), and "ꓟ" is "M", which looks like "rn" once lower-cased. */
function caseless(text: string): string {
  return skeleton(skeleton(text).toLowerCase());
}

/**
 * How a Latin word is compared: in lower case, and in upper case, where "I", "l", "1" and "|"
 * look alike ("CURL0" reads as "CURIO"), so both forms of a name are compared with the same
 * form of each reserved word.
 */
type Views = readonly [lower: string, upper: string];

function views(word: string): Views {
  const read = readLeet(word);
  return [caseless(read.toLowerCase()), caseless(read.toUpperCase())];
}

const RESERVED_VIEWS = LATIN_RESERVED.map(views);
const SUFFIX_VIEWS = STAFF_SUFFIXES.map(views);
const CJK_SKELETONS = CJK_RESERVED.map((word) => skeleton(plain(word)));

function isReservedView(name: Views): boolean {
  return RESERVED_VIEWS.some((reserved) => reserved[0] === name[0] || reserved[1] === name[1]);
}

/** A reserved word, or one with digits or signs stuck to it ("admin007", "2curio", "Curio!"). */
function isReservedWord(token: string): boolean {
  if (isReservedView(views(token))) return true;
  const letters = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return letters !== '' && letters !== token && isReservedView(views(letters));
}

/** The whole name, separators gone: a reserved word alone, or followed by a staff word ("curioteam"). */
function startsAsStaff(name: Views): boolean {
  return RESERVED_VIEWS.some((reserved) =>
    ([0, 1] as const).some((form) => {
      const [whole, word] = [name[form], reserved[form]];
      return whole === word || (whole.startsWith(word) && SUFFIX_VIEWS.some((suffix) => suffix[form] === whole.slice(word.length)));
    }),
  );
}

/**
 * Whether a nickname would pass for staff or the brand: "Admin", "ＡＤＭＩＮ", "аdmin" (Cyrillic
 * а), "Admın" (dotless ı), "ꓮdmin" (Lisu), "Admín", "adm1n", "admin007", "Curio_Official",
 * "CurioSupport", "c.u.r.i.o", "Cur\u00ADio Store" (soft hyphen), "客服小美". Ordinary words that
 * merely contain a reserved one stay allowed ("badminton", "curiosity", "supporter" — a fan is no
 * support agent): a Latin word must stand alone, or be the whole name once the separators are
 * gone, or start it followed by a staff word ("curioteam").
 */
export function isReservedNickname(nickname: string): boolean {
  const visible = symbolsAsLetters(plain(nickname));
  const whole = skeleton(visible);
  if (CJK_SKELETONS.some((word) => whole.includes(word))) return true;
  // camelCase boundaries are word breaks too: "CurioSupport" is "Curio Support"
  const tokens = visible
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}@$!|]+/u)
    .filter(Boolean);
  if (tokens.some(isReservedWord)) return true;
  return startsAsStaff(views(readLeet(visible).replace(/[^\p{L}]+/gu, '')));
}
