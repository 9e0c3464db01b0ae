/**
 * Contact-detail filter (rule C-4, ADR 0012). Titles, descriptions, comments, reviews and chat
 * must not carry a way to reach the other party outside Curio. The same code runs live in the
 * client (warning while typing) and on the server (refusal), so both always agree.
 *
 * The text is matched on normalised copies (full-width → ASCII, Chinese numerals → digits,
 * separators between digits dropped, spelled-out "dot"/"at" turned into punctuation). Every
 * character of a copy remembers the span of the original it came from, so a hit is reported and
 * masked on the original text exactly where the user typed it. When letters or words stand in for
 * digits ("l38OOl23456", "one three eight …"), the text is read a second time with them as digits,
 * and the hits of both readings are merged.
 *
 * The words that name a channel (WeChat and its homophones and nicknames, QQ, Alipay, the other
 * apps, phone and mail words, invitations) are data, in contact-words.json: extend a list there
 * without touching this file. The file's "$comment" says what each list does; ADR 0034 says how
 * to add a word and check it.
 *
 * It runs on every chat message and every keystroke pause, so every pattern is linear in the
 * length of the text by construction: each repetition is either bounded ({0,8}, {5,19}, …) or
 * runs over characters the token after it cannot match (`q\s*q`, `\d+`, digit runs split by
 * separators that are never digits), and no repetition is nested inside another unbounded one.
 * A regex engine therefore never has more than a constant number of ways to try at any position,
 * whatever the input. Listed words become fixed strings with bounded gaps, so a longer list costs
 * a constant factor, never a power of the length.
 */
import CONTACT_WORDS from './contact-words.json' with { type: 'json' };

/** `other_app`: an account on another app sellers leave through besides WeChat and QQ: Telegram, WhatsApp, Line, KakaoTalk, Instagram, 小红书, 抖音, 闲鱼… (ADR 0034, contact-words.json). */
export const CONTACT_TYPES = ['phone', 'wechat', 'qq', 'email', 'url', 'alipay', 'bank_card', 'other_app'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** What replaces each detected contact detail in text shown to the other party (rule C-5). */
export const HIDDEN_CONTACT_MARKER = '[***]';

export interface ContactMatch {
  type: ContactType;
  /** The original text of the hit, as typed. */
  match: string;
  /** UTF-16 offsets into the original text, end exclusive. */
  start: number;
  end: number;
}

/** A derived text whose every UTF-16 unit knows the original span it stands for. */
interface MappedText {
  text: string;
  from: number[];
  to: number[];
}

const CHINESE_DIGITS: Record<string, string> = {
  零: '0',
  〇: '0',
  一: '1',
  壹: '1',
  幺: '1',
  么: '1',
  二: '2',
  贰: '2',
  貳: '2',
  三: '3',
  叁: '3',
  參: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  陸: '6',
  七: '7',
  柒: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
};

/**
 * Characters that are digits only when they stand among digits: the letters O, l and I and the
 * bar (`l38OOl23456`, `|38…`), and the radio readings 两 (2), 拐 (7), 勾 (9) and 洞 (0)
 * (`幺三八幺两三四五六拐八`). Each of them is an ordinary letter or word elsewhere ("两个", "iPhone"),
 * so they are read as digits only in the second reading, and only inside a run with real digits.
 */
const DIGIT_LOOKALIKES: Record<string, string> = { o: '0', i: '1', l: '1', '|': '1', 两: '2', 兩: '2', 拐: '7', 勾: '9', 洞: '0' };

/**
 * Zero-width characters, emoji variation selectors and the keycap mark (1️⃣ is "1", U+FE0F,
 * U+20E3) hide nothing from a reader, so they must hide nothing from us.
 */
const INVISIBLE = new Set(['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\ufeff', '\ufe0e', '\ufe0f', '\u00ad', '\u034f', '\u20e3']);

/** `count` consecutive code points from `first`, each standing for `value(index)`. */
function codePointRun(first: number, count: number, value: (index: number) => string): [string, string][] {
  return Array.from({ length: count }, (_, index) => [String.fromCodePoint(first + index), value(index)]);
}

/**
 * Characters NFKC leaves alone that a reader takes for a Latin letter or a digit: Cyrillic and
 * Greek lookalikes (`ԛԛ`, `ѵх`, `νχ`), signs drawn as a V (`√信`), enclosed letters and the
 * regional-indicator letters (🇶🇶), dingbat and double-circled digits (❶➀➊⓵, 🔟), and the
 * Arabic-Indic digits. Every heart reads as ❤, so `v💚` and `薇♡` are the listed `v❤` and `薇❤`.
 * Applied after NFKC, before lower-casing.
 */
const LOOKALIKES: Record<string, string> = {
  ...Object.fromEntries([...'АВЕКМНОРСТХУІЈЅ'].map((char, index) => [char, 'abekmhopctxyijs'[index] ?? ''])),
  ...Object.fromEntries([...'аеорсхуіјѕһԁѵѴԛԚԝԜ'].map((char, index) => [char, 'aeopcxyijshdvvqqww'[index] ?? ''])),
  ...Object.fromEntries([...'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαεικνορυχωϙϘ'].map((char, index) => [char, 'abezhikmnoptyxaeikvopuxwqq'[index] ?? ''])),
  ...Object.fromEntries([...'ɋʠꝗ√∨ᐯ'].map((char, index) => [char, 'qqqvvv'[index] ?? ''])),
  ...Object.fromEntries(codePointRun(0x1f1e6, 26, (index) => String.fromCharCode(97 + index))),
  ...Object.fromEntries(codePointRun(0x1f150, 26, (index) => String.fromCharCode(97 + index))),
  ...Object.fromEntries(codePointRun(0x1f170, 26, (index) => String.fromCharCode(97 + index))),
  ...Object.fromEntries(codePointRun(0x2776, 10, (index) => String(index + 1))),
  ...Object.fromEntries(codePointRun(0x2780, 10, (index) => String(index + 1))),
  ...Object.fromEntries(codePointRun(0x278a, 10, (index) => String(index + 1))),
  ...Object.fromEntries(codePointRun(0x24f5, 10, (index) => String(index + 1))),
  ...Object.fromEntries(codePointRun(0x24eb, 10, (index) => String(index + 11))),
  '⓿': '0',
  '🔟': '10',
  ...Object.fromEntries(codePointRun(0x0660, 10, String)),
  ...Object.fromEntries(codePointRun(0x06f0, 10, String)),
  ...Object.fromEntries([...'♥♡❣💚💗💓💕💖💘💝💞💜💙💛🧡🖤🤍🤎🩷🩵🩶'].map((heart) => [heart, '❤'])),
};

/**
 * Characters people put between the digits of a number to slip it past a filter (at most three
 * in a row): spaces, dashes, dots, brackets (`(138)1234(5678)`, `【138】【1234】`), a bar or an emoji.
 * The bar is kept out of SEPARATOR_CHARS because the second reading takes it for a 1.
 */
const SEPARATOR_CHARS = '\\s\\-.·•_/,~*—–()\\[\\]{}<>【】〔〕「」『』《》〈〉';
const DIGIT_SEPARATOR = `(?:[${SEPARATOR_CHARS}|]|\\p{Extended_Pictographic})`;
const DIGIT_GAP = new RegExp(`^${DIGIT_SEPARATOR}{1,3}$`, 'u');

/** Top-level domains a bare "name.tld" must end in to count as a web address; explicit http(s):// or www. accept any. */
const TLDS = [
  'com',
  'cn',
  'net',
  'org',
  'io',
  'me',
  'cc',
  'co',
  'info',
  'top',
  'xyz',
  'vip',
  'tv',
  'hk',
  'tw',
  'mo',
  'jp',
  'kr',
  'uk',
  'us',
  'de',
  'fr',
  'ru',
  'app',
  'dev',
  'shop',
  'site',
  'online',
  'store',
  'link',
  'club',
  'fun',
  'ltd',
  'biz',
  'wang',
  'ink',
  'tech',
  'ai',
  'gg',
  'ly',
  'es',
  'mx',
  'ar',
  'xin',
  'cloud',
  'space',
  'work',
  'live',
  'email',
  'mobi',
  'asia',
];
const TLD_GROUP = `(?:${[...TLDS].sort((a, b) => b.length - a.length).join('|')})`;

/** Latin letters lose their accents ("escríbeme" is "escribeme"); other scripts keep their marks (が is not か). */
function withoutAccents(unit: string): string {
  // ASCII has no accents: most text skips the Unicode property test
  return unit > '\u007f' && /\p{Script=Latin}/u.test(unit) ? unit.normalize('NFD').replace(/\p{M}/gu, '') : unit;
}

/**
 * The first copy: invisible characters dropped, numerals as digits, NFKC, lookalikes, lower case,
 * no accents (ADR 0012). Copies are built unit by unit into arrays and joined once: appending to
 * a string one character at a time is not linear in V8 for long texts.
 */
function buildNormalised(original: string): MappedText {
  const units: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  while (index < original.length) {
    const codePoint = original.codePointAt(index) ?? 0;
    const char = String.fromCodePoint(codePoint);
    const next = index + char.length;
    const replacement = INVISIBLE.has(char)
      ? ''
      : [...char.normalize('NFKC')].map((unit) => CHINESE_DIGITS[unit] ?? LOOKALIKES[unit] ?? withoutAccents(unit.toLowerCase())).join('');
    for (let unit = 0; unit < replacement.length; unit += 1) {
      units.push(replacement[unit] ?? '');
      from.push(index);
      to.push(next);
    }
    index = next;
  }
  return { text: units.join(''), from, to };
}

/**
 * Replaces each hit of `pattern` (global) by `replacement` (or what it returns for the hit),
 * mapping the new characters onto the whole replaced span.
 */
function replaceMapped(source: MappedText, pattern: RegExp, replacement: string | ((hit: string) => string)): MappedText {
  const units: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let cursor = 0;
  const copy = (until: number) => {
    for (; cursor < until; cursor += 1) {
      units.push(source.text[cursor] ?? '');
      from.push(source.from[cursor] ?? 0);
      to.push(source.to[cursor] ?? 0);
    }
  };
  for (const hit of source.text.matchAll(pattern)) {
    const start = hit.index;
    const end = start + hit[0].length;
    if (end === start) continue;
    copy(start);
    const spanStart = source.from[start] ?? 0;
    const spanEnd = source.to[end - 1] ?? spanStart;
    const replaced = typeof replacement === 'string' ? replacement : replacement(hit[0]);
    for (let unit = 0; unit < replaced.length; unit += 1) {
      units.push(replaced[unit] ?? '');
      from.push(spanStart);
      to.push(spanEnd);
    }
    cursor = end;
  }
  copy(source.text.length);
  return { text: units.join(''), from, to };
}

/** Drops the characters matching `drop` inside each hit of `pattern` (global); every other character keeps its own span. */
function dropWithinMapped(source: MappedText, pattern: RegExp, drop: RegExp): MappedText {
  const units: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  let cursor = 0;
  const keep = (index: number) => {
    units.push(source.text[index] ?? '');
    from.push(source.from[index] ?? 0);
    to.push(source.to[index] ?? 0);
  };
  for (const hit of source.text.matchAll(pattern)) {
    for (; cursor < hit.index; cursor += 1) keep(cursor);
    for (; cursor < hit.index + hit[0].length; cursor += 1) if (!drop.test(source.text[cursor] ?? '')) keep(cursor);
  }
  for (; cursor < source.text.length; cursor += 1) keep(cursor);
  return { text: units.join(''), from, to };
}

function originalSpan(source: MappedText, start: number, end: number): { start: number; end: number } {
  return { start: source.from[start] ?? 0, end: source.to[end - 1] ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// The listed words (contact-words.json), compiled once into regex sources

/** A regex source matching `text` literally (the syntax characters escaped, as the `u` flag requires). */
function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** What people put inside a word to break it up: "微 信", "微.信", "扣-扣", "v・信", "wei_xin" (at most three). */
const WORD_GAP_CHARS = '\\s._·•・*/|~-';
const WORD_GAP = `[${WORD_GAP_CHARS}]{0,3}`;
/**
 * Gaps next to a character of the scripts written without spaces inside words (Han, kana,
 * Hangul, emoji) are dropped from the copy the words are looked for in, so "微 信", "扣-扣" and
 * "v 信" are "微信", "扣扣" and "v信" before any word is tried. That keeps the gaps out of the
 * compiled words: a gap after every character made the patterns several times larger and slow to
 * compile. Nothing listed ends in a space-separated CJK word, and every pattern takes the filler
 * between a word and an id as optional, so "微信 abc_123" read as "微信abc_123" is the same hit.
 */
const SCRIPT_CHAR = '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Extended_Pictographic}]';
const SCRIPT_GAP = new RegExp(
  `(?<=${SCRIPT_CHAR})[${WORD_GAP_CHARS}]{1,3}(?=${SCRIPT_CHAR}|[a-z0-9])|(?<=[a-z0-9])[${WORD_GAP_CHARS}]{1,3}(?=${SCRIPT_CHAR})`,
  'gu',
);
const LATIN_OR_DIGIT = /[a-z0-9]/;

/**
 * A listed word as a regex source. Gaps next to Han, kana, Hangul and emoji are gone from the
 * text already ("微 信", "v 信"; see SCRIPT_GAP); between Latin letters a gap may sit only where
 * the list has a space ("wei xin", "q q"), so "vx" never reads as the "v x" of "W x H" unless
 * the list says so. Latin ends are word boundaries: an `alone` word must not touch another word
 * or number at all ("VX-750", "VX 750" are a camera), any other word must not be part of a longer
 * one ("wx" in "wxid_…"). `before` is the leading boundary, kept apart so anyWord can share it.
 */
function wordSource(listed: string, boundary: 'word' | 'alone'): { before: string; body: string } {
  // a word is normalised like the text it is looked for in: "ＶＸ" is "vx", "搜一搜" is "搜1搜", "v💚" is "v❤"
  const word = buildNormalised(listed).text;
  let source = '';
  let previous = '';
  for (const char of word) {
    if (char === ' ') {
      previous = ' ';
      continue;
    }
    if (previous === ' ') source += WORD_GAP;
    source += literal(char);
    previous = char;
  }
  const first = word.charAt(0);
  const last = word.charAt(word.length - 1);
  if (boundary === 'alone') {
    return { before: LATIN_OR_DIGIT.test(first) ? '(?<![a-z0-9-])' : '', body: `${source}${LATIN_OR_DIGIT.test(last) ? '(?!\\s?[a-z0-9-])' : ''}` };
  }
  const edge = (char: string) => (/\d/.test(char) ? '0-9' : /[a-z]/.test(char) ? 'a-z' : '');
  return { before: edge(first) === '' ? '' : `(?<![${edge(first)}])`, body: `${source}${edge(last) === '' ? '' : `(?![${edge(last)}])`}` };
}

/**
 * Any of `words`, longest first so "qq群" wins over "qq"; a list left empty matches nothing.
 * Words that share a leading boundary sit under one lookbehind, so the engine can rule a
 * position out by its first character instead of trying every word there.
 */
function anyWord(words: readonly string[], boundary: 'word' | 'alone' = 'word'): string {
  if (words.length === 0) return '(?!)';
  const byBoundary = new Map<string, string[]>();
  for (const word of [...new Set(words)].sort((a, b) => b.length - a.length)) {
    const { before, body } = wordSource(word, boundary);
    byBoundary.set(before, [...(byBoundary.get(before) ?? []), body]);
  }
  return `(?:${[...byBoundary].map(([before, bodies]) => `${before}(?:${bodies.join('|')})`).join('|')})`;
}

interface ChannelWordLists {
  alone: readonly string[];
  named: readonly string[];
  invited: readonly string[];
  schemes: readonly string[];
}

/** One channel's lists as regex sources: `alone` on its own, `named` (alone words included) with an id or invitation, `invited` with an invitation. */
function channelWords(words: ChannelWordLists) {
  return {
    alone: words.alone.length > 0 ? anyWord(words.alone, 'alone') : null,
    named: anyWord([...words.alone, ...words.named]),
    invited: anyWord(words.invited),
    /** "weixin://dl/chat?…": an app's own link scheme, whatever follows it. */
    link: words.schemes.length > 0 ? new RegExp(`(?<![a-z0-9+.-])${anyWord(words.schemes)}://${URL_TAIL}`, 'gu') : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The second reading: words and lookalikes that stand for digits

const SPELLED_DIGIT_WORDS = Object.entries(CONTACT_WORDS.digitWords).flatMap(([digit, words]) => words.map((word) => [word, digit] as const));
const SPELLED_DIGIT = anyWord(SPELLED_DIGIT_WORDS.map(([word]) => word));
/** Each listed word as it appears in the text (normalised, without the gaps a space in it allows) and its digit. */
const SPELLED_DIGIT_VALUE = new Map<string, string>(SPELLED_DIGIT_WORDS.map(([word, digit]) => [buildNormalised(word).text.replace(/\s/g, ''), digit]));
/**
 * Seven or more digit words in a row ("one three eight one two …", "공일공 일이삼사 …") are a
 * number spelled out: nobody writes seven of them honestly. Each word ends at a boundary, so
 * the run splits into words one way only.
 */
const SPELLED_DIGIT_RUN = new RegExp(`${SPELLED_DIGIT}(?:[\\s,.·-]{0,3}${SPELLED_DIGIT}){6,}`, 'gu');
const SPELLED_DIGIT_EACH = new RegExp(SPELLED_DIGIT, 'gu');

/** Runs of digits and lookalikes joined by separators; the bar is a lookalike here, not a separator. */
const LOOKALIKE_CLASS = `[\\d${Object.keys(DIGIT_LOOKALIKES).join('')}]`;
const LOOKALIKE_RUN = new RegExp(`${LOOKALIKE_CLASS}+(?:(?:[${SEPARATOR_CHARS}]|\\p{Extended_Pictographic}){1,3}${LOOKALIKE_CLASS}+)*`, 'gu');
const LOOKALIKE_GROUP = new RegExp(`${LOOKALIKE_CLASS}+`, 'gu');

/**
 * The text with spelled digits and lookalikes read as digits. A lookalike becomes a digit only
 * in a run holding at least four real digits, only in a piece of it that holds a real digit
 * itself ("l38", "OOl2"; not the "o" of "13800 o 13900"), and not where the piece is the end of
 * a word ("photo2024", "vol12345678").
 */
function readDigits(normalised: MappedText): MappedText {
  const spelled = replaceMapped(normalised, SPELLED_DIGIT_RUN, (run) =>
    [...run.matchAll(SPELLED_DIGIT_EACH)].map((word) => SPELLED_DIGIT_VALUE.get(word[0].replace(new RegExp(`[${WORD_GAP_CHARS}]`, 'g'), '')) ?? '').join(''),
  );
  // every lookalike is one UTF-16 unit, so the units are swapped one for one and the spans stay as they are
  const units = spelled.text.split('');
  for (const run of spelled.text.matchAll(LOOKALIKE_RUN)) {
    if ((run[0].match(/\d/g)?.length ?? 0) < 4) continue;
    const runEnd = run.index + run[0].length;
    for (const group of run[0].matchAll(LOOKALIKE_GROUP)) {
      const start = run.index + group.index;
      const end = start + group[0].length;
      const gluedToWord = (start === run.index && /[a-z]/.test(spelled.text[start - 1] ?? '')) || (end === runEnd && /[a-z]/.test(spelled.text[end] ?? ''));
      if (!/\d/.test(group[0]) || gluedToWord) continue;
      for (let index = start; index < end; index += 1) units[index] = DIGIT_LOOKALIKES[units[index] ?? ''] ?? units[index] ?? '';
    }
  }
  return { ...spelled, text: units.join('') };
}

// ---------------------------------------------------------------------------------------------
// Numbers: phones and bank cards, found on chains of digit groups joined by separators

interface DigitGroup {
  digits: string;
  start: number;
  end: number;
}

function digitChains(normalised: string): DigitGroup[][] {
  const chains: DigitGroup[][] = [];
  let chain: DigitGroup[] = [];
  for (const hit of normalised.matchAll(/\d+/g)) {
    const group = { digits: hit[0], start: hit.index, end: hit.index + hit[0].length };
    const previous = chain.at(-1);
    if (previous && DIGIT_GAP.test(normalised.slice(previous.end, group.start))) {
      chain.push(group);
    } else {
      if (chain.length > 0) chains.push(chain);
      chain = [group];
    }
  }
  if (chain.length > 0) chains.push(chain);
  return chains;
}

const PHONE_DIGITS = /^(?:0086|86)?1[3-9]\d{9}$/;
/**
 * Mobile numbers of Korea (010-1234-5678), Japan (090-1234-5678) and Taiwan (0912-345-678) as
 * people write them, in exactly these groups: run together they are eleven or ten digits any
 * reference could have, grouped like this they are a phone.
 */
const FOREIGN_MOBILE_GROUPS = [/^01[016789]-\d{3,4}-\d{4}$/, /^0[789]0-\d{4}-\d{4}$/, /^09\d{2}-\d{3}-\d{3}$/];
/** A currency sign right before a number makes it a price, whatever its length. */
const PRICE_BEFORE = /[¥$€£]\s*$/;
const BANK_WORD_BEFORE =
  /(?:卡号|卡號|银行卡|銀行卡|储蓄卡|儲蓄卡|信用卡|借记卡|借記卡|收款卡|银行账号|银行帐号|銀行帳號|銀行賬號|bank\s*card|card\s*(?:no|number|#)|iban|account\s*(?:no|number))[^\d]{0,8}$/;
/** Order, tracking and serial numbers are long digit strings people legitimately quote. */
const REFERENCE_BEFORE =
  /(?:订单|訂單|单号|單號|编号|編號|运单|運單|快递|快遞|物流|序列号|序列號|序号|序號|串号|串號|型号|型號|imei|meid|isbn|serial|order|tracking|model|sku|s\/?n|no\.?|#)[^\d\p{Script=Han}]{0,6}$|[a-z]+[-_#]?$/u;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let value = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return sum % 10 === 0;
}

/** What people write between a contact word and the id: "微信号：", "qq 是 ", "vx搜 ", "카톡 아이디". */
const FILLER = `(?:[\\s:=\\-_~.,"'“”‘’「」『』()\\[\\]【】<>《》是号號码碼账帳户戶搜索加为為的我#@]|${anyWord(CONTACT_WORDS.idLabels)})`;

/**
 * A phone word right before a number ("電話 090-1234-5678", "tel: 010-8888-6666", "전화
 * 010-1234-5678") makes any 7-15 digits a phone: landlines and foreign mobiles have no shape
 * of their own that prices and serial numbers do not share.
 */
const PHONE_WORD_BEFORE = new RegExp(`${anyWord(CONTACT_WORDS.phone.words)}${FILLER}{0,8}\\+?$`, 'u');

/**
 * A mobile number spread over a sentence by a few words ("138 1234 call me then 5678",
 * "前面138中间1234后面5678"): the pieces keep the shape people split numbers in (3-4-4, 3-8, 7-4),
 * consecutive and at most SPLIT_GAP_MAX characters apart, and none of them is a price, a count
 * of something ("138 件"), a reference or the end of a word. The words around them must say it
 * is a number being spelled out: a phone word or a hint ("中间", "尾号", "then") before the first
 * piece or between two, so "Lot 138, bid 1234, hammer 5678" stays a list of figures.
 */
const SPLIT_SHAPES = new Set(['3,4,4', '3,8', '7,4']);
const SPLIT_GAP_MAX = 24;
const QUANTITY_AFTER =
  /^(?:[a-z]|\s?(?:[元块塊圆圓件个個只隻条條张張本台部套双雙对對箱包瓶支枚颗顆克斤吨噸米年月日号號点點时時分秒楼樓层層期届屆页頁位人次岁歲度円원개장권%‰°℃]|(?:mm|cm|km|kg|mg|ml|gb|tb|mb|mah|hz|mp|pcs|usdn|usd|rmb|cny|eur|jpy|krw|yuan|pages?|items?|units?|years?|yrs?|days?|min|[mglwvkx])(?![a-z])))/;
const QUANTITY_BEFORE = /(?:[¥$€£第]|usdn|usd|rmb|cny|eur|no\.?|#)\s?$|[a-z][-_#]?$/;
const SPLIT_HINT = new RegExp(anyWord([...CONTACT_WORDS.phone.words, ...CONTACT_WORDS.phone.splitHints]), 'u');

function splitPhones(text: string): { start: number; end: number }[] {
  const groups = [...text.matchAll(/\d+/g)].map((hit) => ({ digits: hit[0], start: hit.index, end: hit.index + hit[0].length }));
  const plain = (group: DigitGroup) =>
    !QUANTITY_AFTER.test(text.slice(group.end, group.end + 8)) && !QUANTITY_BEFORE.test(text.slice(Math.max(0, group.start - 8), group.start));
  const found: { start: number; end: number }[] = [];
  groups.forEach((head, first) => {
    for (const count of [3, 2]) {
      const window = groups.slice(first, first + count);
      if (window.length < count || !SPLIT_SHAPES.has(window.map((group) => group.digits.length).join(','))) continue;
      if (!PHONE_DIGITS.test(window.map((group) => group.digits).join(''))) continue;
      const gapsShort = window.every((group, index) => {
        const next = window[index + 1];
        if (!next) return true;
        const gap = text.slice(group.end, next.start);
        return gap.length <= SPLIT_GAP_MAX && !gap.includes('\n');
      });
      const lead = text.slice(Math.max(0, head.start - 24), head.start);
      const reference = REFERENCE_BEFORE.test(lead);
      const words = [lead.slice(-12), ...window.slice(1).map((group, index) => text.slice(window[index]?.end ?? group.start, group.start))];
      if (gapsShort && !reference && window.every(plain) && words.some((part) => SPLIT_HINT.test(part)))
        found.push({ start: head.start, end: window.at(-1)?.end ?? head.end });
    }
  });
  return found;
}

function findNumbers(normalised: MappedText): ContactMatch[] {
  const found: { type: ContactType; start: number; end: number }[] = [];
  for (const chain of digitChains(normalised.text)) {
    let first = 0;
    while (first < chain.length) {
      const head = chain[first];
      if (!head) break;
      const before = normalised.text.slice(Math.max(0, head.start - 24), head.start);
      let joined = '';
      let phoneEnd = -1;
      let cardEnd = -1;
      const bankWord = BANK_WORD_BEFORE.test(before);
      const phoneWord = PHONE_WORD_BEFORE.test(before);
      const cardPlausible = !PRICE_BEFORE.test(before) && !REFERENCE_BEFORE.test(before);
      for (let last = first; last < chain.length && joined.length <= 19; last += 1) {
        joined += chain[last]?.digits ?? '';
        const phoneAfterWord = phoneWord && joined.length >= 7 && joined.length <= 15;
        const grouped = chain
          .slice(first, last + 1)
          .map((group) => group.digits)
          .join('-');
        const foreignMobile = cardPlausible && FOREIGN_MOBILE_GROUPS.some((shape) => shape.test(grouped));
        if ((PHONE_DIGITS.test(joined) || phoneAfterWord || foreignMobile) && !PRICE_BEFORE.test(before)) phoneEnd = last;
        const cardLength = joined.length >= 13 && joined.length <= 19;
        if (cardLength && (bankWord || (cardPlausible && /^[3-6]/.test(joined) && luhnValid(joined)))) cardEnd = last;
      }
      const tail = phoneEnd >= 0 ? chain[phoneEnd] : cardEnd >= 0 ? chain[cardEnd] : undefined;
      if (tail) {
        // "+86 138…": the plus belongs to the number, so masking must not leave it behind
        const start = phoneEnd >= 0 && normalised.text[head.start - 1] === '+' ? head.start - 1 : head.start;
        found.push({ type: phoneEnd >= 0 ? 'phone' : 'bank_card', start, end: tail.end });
        first = (phoneEnd >= 0 ? phoneEnd : cardEnd) + 1;
      } else {
        first += 1;
      }
    }
  }
  found.push(...splitPhones(normalised.text).map((span) => ({ type: 'phone' as const, ...span })));
  return found.map((hit) => ({ type: hit.type, match: '', ...originalSpan(normalised, hit.start, hit.end) }));
}

// ---------------------------------------------------------------------------------------------
// Keyword-led and address-shaped contacts, found on the fully normalised copy

const URL_TAIL = `[^\\s<>"'，。！？、；（）【】「」]*`;

const WECHAT_WORDS = channelWords(CONTACT_WORDS.wechat);
/** "v: lin_vintage": a bare v before a colon is WeChat's id label. */
const WECHAT_CORE = `(?:${WECHAT_WORDS.named}|(?<![a-z])v(?=\\s{0,3}:))`;
/**
 * "加微", "加个薇", "+v": a bare 微, 薇 or v after an "add" verb, before a pause, an id or an
 * invitation ("加V详聊", "加个薇，备注…", "加微 lin_88", which reads "加微lin_88" once the gap
 * is gone; not "加微量", "加薇薇", "加vip"). 一下 is "1下" once numerals are digits.
 */
const BARE_WECHAT_AFTER_ADD = `\\s?(?:我|个|個|1下|下)?\\s?(?:[微薇]|v(?![a-z]))(?=$|[^\\p{Script=Han}]|[详詳私聊联聯沟溝细細])`;
/** "加vx", "+微信" keep the "add me" verb inside the hit. */
const WECHAT_WORD = `(?:(?:加|\\+)\\s?)?${WECHAT_CORE}|(?:加|\\+)${BARE_WECHAT_AFTER_ADD}`;
/** Every name of WeChat an invitation can carry: its own spellings plus nicknames such as 卫星 ("satellite"), 绿泡泡 ("the green bubble"), "the green app". */
const WECHAT_CHANNEL = `(?:${WECHAT_CORE}|${WECHAT_WORDS.invited})`;

/** English words that follow 微信/支付宝 in honest mixed-language text ("支持微信 payment"), never taken for an id. */
const NOT_AN_ID = `(?!(?:${CONTACT_WORDS.notIds.map(literal).join('|')})(?![a-z0-9_.-]))`;
/**
 * An id typed in pieces ("lin shop 88", "lin 2026 shop"). A digit must be in reach, or "wechat
 * for more photos" would read as an id; acceptSplitId then checks the digit is inside it. It is
 * a pattern of its own (WECHAT_SPLIT), so a refused reading ("find me on WeChat, ID is …" read
 * as the id "id is") cannot hide the invitation the main pattern finds at the same place.
 */
const SPLIT_ID = `${NOT_AN_ID}(?=[a-z0-9_\\s-]{0,43}\\d)(?<split>[a-z][a-z0-9_]{0,9}(?:[\\s-][a-z0-9_]{1,10}){1,3})(?![a-z0-9_])`;
const WECHAT_ID = `(?:${NOT_AN_ID}[a-z][a-z0-9_-]{5,19}|\\d{5,12})(?![a-z0-9_])`;
/** The same id shapes in front of the word ("lin_shop88 是我微信"), where no filler can sit. */
const WECHAT_ID_BEFORE = '(?<![a-z0-9_-])(?:[a-z][a-z0-9_-]{5,19}|\\d{5,12})';
/**
 * An id that cannot be an ordinary word or a date: five or more characters, led by a letter, with
 * a digit or an underscore ("lin_88"), or nine to twelve digits. Nicknames that are also words
 * (卫星, "the green app") and the English "my wechat is …" take only these, so "卫星 2024",
 * "卫星 20240315 发射纪念封" and "WeChat is popular" stay clean.
 */
const MARKED_ID = '(?:(?=[a-z0-9_.-]{0,31}[\\d_])[a-z][a-z0-9_.-]{3,30}[a-z0-9_]|\\d{9,12})(?![a-z0-9_])';
/** The same in front of the word, for "lin_88 on insta": "available on WeChat" has no digit, so it is no id. */
const MARKED_ID_BEFORE = '(?<![a-z0-9_.@-])(?=[a-z0-9_.-]{0,31}[\\d_])[a-z][a-z0-9_.-]{3,30}[a-z0-9_]';

const QQ_WORDS = channelWords(CONTACT_WORDS.qq);
const QQ_ID = '[1-9]\\d{4,10}(?!\\d)';

/**
 * The other apps people leave through (ADR 0034). Latin names that are also English words
 * (line, telegram) or short (tg), and 小红书 and 抖音 ("小红书同款" is an ordinary way to describe
 * goods), need an invitation, an `@handle` or an id with a digit or an underscore in it; 飞机
 * ("plane", Telegram's nickname) needs an invitation.
 */
const OTHER_APP_WORDS = channelWords(CONTACT_WORDS.otherApps);
const OTHER_APP_ID =
  '(?:@[a-z0-9_.]{3,31}|(?<=(?:[:=搜]|id)\\s{0,2})[a-z][a-z0-9_.]{3,31}|(?=[a-z0-9_.]{0,31}[\\d_])[a-z][a-z0-9_.]{3,31}|\\+?\\d{6,15})(?![a-z0-9_])';
const OTHER_APP_ID_BEFORE = '(?<![a-z0-9_@.])(?:@[a-z0-9_.]{3,31}|(?=[a-z0-9_.]{0,31}[\\d_])[a-z][a-z0-9_.]{3,31}|\\+?\\d{6,15})';

const INVITATIONS = CONTACT_WORDS.invitations;
/** Verbs that turn a bare channel name into an invitation: "加微信", "私我 vx", "留个扣扣", "add me on WhatsApp", "escríbeme por WhatsApp" ("一下" is "1下" by now). */
const INVITE_BEFORE = `(?:${anyWord(INVITATIONS.before)}\\s?(?:我|偶|下|1下|个|個)?\\s?的?\\s?|${anyWord(INVITATIONS.verbs)}\\s(?:${anyWord(INVITATIONS.objects)}\\s)?${anyWord(INVITATIONS.prepositions)}\\s)`;
/**
 * …and words after one: "微信联系", "vx详聊", "抖音私信", "微信同号", "V见主页", "WhatsApp me",
 * "LINEで連絡". 聊 counts except in "聊天记录" (a chat log is sold as a thing), and "see my
 * profile" is grammar, not a list.
 */
const INVITE_AFTER = `(?:\\s?(?:号|號|id)?\\s?(?:${anyWord(INVITATIONS.after)}|聊(?!天记录|天記錄)|(?:见|見|看|在)我?的?(?:主页|主頁|头像|頭像|简介|簡介|资料|資料|昵称|暱稱|签名|簽名))|\\s(?:me|us)(?![a-z]))`;
/** What joins an id to the word after it: "是我微信", "（QQ）", "= vx", "👈 微信". */
const ID_THEN = (channel: string) => [
  `\\s?(?:是|为|為|=|就是|<-|←|👈|⬅)\\s?(?:我|偶)?的?\\s?${channel}`,
  `\\s?[(\\[【〔]\\s?${channel}\\s?(?:号|號|id)?\\s?[)\\]】〕]`,
  `\\s?${channel}\\s?(?:号|號|id)(?![a-z])`,
];

interface ChannelShapes {
  /** Every name of the channel, for invitations and ids in front. */
  channel: string;
  /** The names that take an id after filler. */
  word: string;
  /** The nicknames, which take only an id that cannot be a word. */
  invited: string;
  idAfter: string;
  idBefore: string;
  /** The id "my … is" and a nickname take. */
  markedId: string;
}

/**
 * One channel's readings, each a pattern of its own: their hits are merged anyway, and V8 takes
 * far longer to compile one alternation of them all than the parts one by one (a first WeChat
 * word cost a third of a second).
 */
function channelPatterns({ channel, word, invited, idAfter, idBefore, markedId }: ChannelShapes): RegExp[] {
  // an invitation's hit reaches over an id that follows it ("微信联系 lin_88", "find me on WeChat, ID is lin88"), so the receiver does not see the id
  const thenId = `(?:${FILLER}{0,8}?(?:(?:is|es)\\s)?${markedId})?`;
  return [
    ...ID_THEN(channel).map((then) => `${idBefore}${then}`),
    // "lin_88 on insta", "lin_88 en whatsapp"
    `${MARKED_ID_BEFORE}\\s(?:on|en)\\s${channel}`,
    `(?:${INVITE_BEFORE})?(?:${word})${FILLER}{0,8}?${idAfter}`,
    `(?:${INVITE_BEFORE})?${invited}${FILLER}{0,8}?${markedId}`,
    // "my wechat is lin_88", "mi whatsapp es 612345678"
    `(?:${word}|${invited})(?:\\s${anyWord(CONTACT_WORDS.idLabels)})?\\s(?:is|es)\\s${markedId}`,
    `${INVITE_BEFORE}${channel}${thenId}`,
    `${channel}${INVITE_AFTER}${thenId}`,
  ].map((source) => new RegExp(source, 'gu'));
}

const WECHAT = channelPatterns({
  channel: WECHAT_CHANNEL,
  word: WECHAT_WORD,
  invited: WECHAT_WORDS.invited,
  idAfter: `(?:${WECHAT_ID}|${MARKED_ID})`,
  idBefore: WECHAT_ID_BEFORE,
  markedId: MARKED_ID,
});
/**
 * An evasive spelling on its own, or right after an id ("lin_shop88 vx"), so the id is masked
 * with it; "v详聊"; and "加微" / "加个薇" before a pause, which is an invitation on its own
 * ("+v" needs an id: "12+V" is a voltage).
 */
const WECHAT_ALONE = new RegExp(
  `(?:${WECHAT_ID_BEFORE}\\s?)?${WECHAT_WORDS.alone ?? '(?!)'}|(?:${INVITE_BEFORE})?(?<![a-z0-9-])v${INVITE_AFTER}|加${BARE_WECHAT_AFTER_ADD}`,
  'gu',
);
/** The id in pieces after a WeChat word ("微信 lin shop 88"), checked by acceptSplitId. */
const WECHAT_SPLIT = new RegExp(`(?:${INVITE_BEFORE})?(?:${WECHAT_WORD})${FILLER}{0,8}?${SPLIT_ID}`, 'gu');
/** "Q：5566778899": a bare Q before a colon is QQ's label, as v is WeChat's, but only with six digits or more ("Q: 10000 起订吗？" asks a question). */
const QQ_LABEL = /(?<![a-z])q\s{0,3}:\s{0,3}[1-9]\d{5,10}(?!\d)/gu;
const QQ = channelPatterns({
  channel: `(?:${QQ_WORDS.named}|${QQ_WORDS.invited})`,
  word: QQ_WORDS.named,
  invited: QQ_WORDS.invited,
  idAfter: QQ_ID,
  idBefore: `(?<!\\d)${QQ_ID}`,
  markedId: QQ_ID,
});
/** "88886666 QQ", "12345678扣扣": a number right before the word is its QQ number, unless a QQ product follows ("5000 QQ币"). */
const QQ_AFTER_NUMBER = new RegExp(`(?<!\\d)${QQ_ID}\\s?${anyWord(CONTACT_WORDS.qq.afterNumber)}(?!\\s?${anyWord(CONTACT_WORDS.qq.products)})`, 'gu');
const OTHER_APP = channelPatterns({
  channel: `(?:${OTHER_APP_WORDS.named}|${OTHER_APP_WORDS.invited})`,
  word: OTHER_APP_WORDS.named,
  invited: OTHER_APP_WORDS.invited,
  idAfter: OTHER_APP_ID,
  idBefore: OTHER_APP_ID_BEFORE,
  markedId: OTHER_APP_ID,
});

/** A split id counts only with a digit in it and 6-20 characters without the gaps: "lin shop 88", not "pay is ok". */
function acceptSplitId(hit: RegExpMatchArray): boolean {
  const split = hit.groups?.['split'];
  if (split === undefined) return true;
  const joined = split.replace(/[\s-]/g, '');
  return /\d/.test(joined) && joined.length >= 6 && joined.length <= 20;
}

/**
 * The domain cannot be followed by another "@": in "mail me at alex.tinker@example.com" the
 * spelled "at" makes "me@alex.tinker" look like an address, and taking it would leave
 * "@example.com" on screen. Refusing it lets the real address match whole.
 */
const EMAIL_BODY =
  '[a-z0-9](?:[a-z0-9._%+-]{0,63})@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\\.[a-z]{2,24}(?![a-z0-9@])';
/** "lin_shop@gmail", "12345678@qq", "abc艾特163": a known mail provider needs no top-level domain. */
const EMAIL_AT_PROVIDER = `[a-z0-9][a-z0-9._%+-]{0,63}@${anyWord(CONTACT_WORDS.email.providers)}(?![a-z0-9@-]|\\.[a-z0-9])`;
/**
 * After a mail word, an address without its domain ("邮箱 lin.shop88", "mail: alex_tinker") or on
 * a provider; a version ("Mail v1.2.3") is no address. A whole address after the word is left to
 * EMAIL_BODY, so "邮箱 a@b.com" masks the address and keeps the word, as a bank word is kept;
 * hence the id must not run into an "@".
 */
const EMAIL_AFTER_WORD = `${anyWord(CONTACT_WORDS.email.words)}${FILLER}{0,8}?(?:${EMAIL_AT_PROVIDER}|(?!v\\d)(?=[a-z0-9_.-]{0,31}[\\d_.])[a-z][a-z0-9_.-]{2,30}[a-z0-9_](?![a-z0-9_])(?![a-z0-9_.-]{0,64}@))`;
const EMAIL = new RegExp(`${EMAIL_BODY}|${EMAIL_AT_PROVIDER}|${EMAIL_AFTER_WORD}`, 'gu');

const ALIPAY_WORDS = channelWords(CONTACT_WORDS.alipay);
const ALIPAY_WORD = anyWord([...CONTACT_WORDS.alipay.named, ...CONTACT_WORDS.alipay.invited]);
const ALIPAY_ACCOUNT = `(?:${EMAIL_BODY}|${NOT_AN_ID}[a-z][a-z0-9_.-]{4,}(?![a-z0-9_]))`;
const ALIPAY = new RegExp(
  [
    `${ALIPAY_WORD}${FILLER}{0,8}?(?:${ALIPAY_ACCOUNT}|\\d{5,})`,
    // "zfb直接转 lin_pay88": a transfer verb may stand before an account, but not before bare digits ("支付宝转账 20000 元" is a sum)
    `${ALIPAY_WORD}\\s?(?:直接)?\\s?(?:转|轉|付|打)(?:账|賬|款)?(?:给|給|到)?我?${FILLER}{0,4}?${ALIPAY_ACCOUNT}`,
    ...(ALIPAY_WORDS.alone === null ? [] : [ALIPAY_WORDS.alone]),
  ].join('|'),
  'gu',
);

/** Any scheme link ("https://…", "weixin://…", "tg://…"), "www.…", or a bare "name.tld" on a listed TLD. */
const URL = new RegExp(
  `(?:(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{1,19}://|www\\.)[^\\s<>"'，。！？、；（）【】「」]+|(?<![a-z0-9@.\\-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+${TLD_GROUP}(?![a-z0-9-])(?:[/?#]${URL_TAIL})?`,
  'gu',
);

/** Spelled "@" and "." from the list: Latin ones ("at", "arroba", "dot", "punto") only between spaces or in brackets, the others ("艾特", "点") also glued. */
const AT_WORDS = CONTACT_WORDS.email.at.map((word) => buildNormalised(word).text);
const [LATIN_AT, GLUED_AT] = [AT_WORDS.filter((word) => /^[a-z]/.test(word)), AT_WORDS.filter((word) => !/^[a-z]/.test(word))];
const DOT_WORDS = CONTACT_WORDS.email.dot.map((word) => buildNormalised(word).text);
const ANY_DOT_WORD = DOT_WORDS.map(literal).join('|');
const GLUED_DOT_WORD = DOT_WORDS.filter((word) => !/^[a-z]/.test(word))
  .map(literal)
  .join('|');

/** "gmail(dot)com", "gmail dot com", "gmail点com", "gmail。com", "gmail punto com" → "gmail.com". */
const SPELLED_DOT = new RegExp(
  `(?<=[a-z0-9])(?:\\s*[(\\[{<【]\\s*(?:${ANY_DOT_WORD}|。)\\s*[)\\]}>】]\\s*|\\s+(?:${ANY_DOT_WORD})\\s+|\\s*(?:${GLUED_DOT_WORD}|。|dot|\\.)\\s*(?=${TLD_GROUP}(?![a-z0-9])))(?=[a-z0-9])`,
  'gu',
);
/** "name(at)mail", "name [at] mail", "name at mail.com", "name艾特mail", "name arroba mail", "name @ mail" → "name@mail". */
const SPELLED_AT = new RegExp(
  `(?<=[a-z0-9])(?:\\s*[([{<【]\\s*(?:${[...LATIN_AT, ...GLUED_AT, '@'].map(literal).join('|')})\\s*[)\\]}>】]\\s*|\\s+(?:${LATIN_AT.map(literal).join('|')})\\s+|\\s*(?:${[...GLUED_AT, '@'].map(literal).join('|')})\\s*)(?=[a-z0-9])`,
  'gu',
);

const DIGIT_JOINER = new RegExp(`(?<=\\d)${DIGIT_SEPARATOR}{1,3}(?=\\d)`, 'gu');

function findWithPattern(source: MappedText, pattern: RegExp, type: ContactType, accept: (hit: RegExpMatchArray) => boolean = () => true): ContactMatch[] {
  const found: ContactMatch[] = [];
  for (const hit of source.text.matchAll(pattern)) {
    if (hit[0].length === 0 || !accept(hit)) continue;
    found.push({ type, match: '', ...originalSpan(source, hit.index, hit.index + hit[0].length) });
  }
  return found;
}

/** Runs of four or more single letters or digits with one space between ("l i n _ s h o p"): the spaces go. */
const SPACED_SINGLES = /(?<![a-z0-9_-])[a-z0-9_-](?:\s[a-z0-9_-](?![a-z0-9_-])){3,}/g;

/** A word of a list other than WeChat's `alone` (which has its own pattern) on its own, with an id right before it masked too. */
function alonePattern(alone: string | null, idBefore: string): RegExp[] {
  return alone === null ? [] : [new RegExp(`(?:${idBefore}\\s?)?${alone}`, 'gu')];
}

/** Any word of a channel's lists, plus `extra`: the gate of KEYWORD_CHECKS. */
function mentionOf(words: ChannelWordLists, extra = ''): RegExp {
  return new RegExp(`${anyWord([...words.alone, ...words.named, ...words.invited])}${extra === '' ? '' : `|${extra}`}`, 'u');
}

/** A bare v ("v: …", "v详聊", "加v") and a bare 微 or 薇 after 加 are WeChat too. */
const WECHAT_MENTION = mentionOf(CONTACT_WORDS.wechat, '(?<![a-z])v(?![a-z])|[微薇]');

interface KeywordCheck {
  /**
   * Whether the text names the channel at all. Most texts name none, and one pass over a list's
   * words costs far less than the channel's full patterns, which try every invitation and id
   * shape at every position; every pattern of the check needs something the gate matches.
   */
  mention: RegExp;
  patterns: RegExp[];
  type: ContactType;
  accept?: (hit: RegExpMatchArray) => boolean;
}

/** In this order: on a tie (same span) the earlier kind names the hit, so "weixin://…" is WeChat rather than a URL. */
const KEYWORD_CHECKS: KeywordCheck[] = [
  ...(
    [
      [WECHAT_WORDS.link, 'wechat'],
      [QQ_WORDS.link, 'qq'],
      [ALIPAY_WORDS.link, 'alipay'],
      [OTHER_APP_WORDS.link, 'other_app'],
    ] as const
  ).flatMap(([link, type]) => (link === null ? [] : [{ mention: /:\/\//, patterns: [link], type }])),
  { mention: WECHAT_MENTION, patterns: [...WECHAT, WECHAT_ALONE], type: 'wechat' },
  { mention: WECHAT_MENTION, patterns: [WECHAT_SPLIT], type: 'wechat', accept: acceptSplitId },
  {
    mention: mentionOf(CONTACT_WORDS.qq, '(?<![a-z])q(?![a-z])'),
    patterns: [...QQ, QQ_AFTER_NUMBER, QQ_LABEL, ...alonePattern(QQ_WORDS.alone, `(?<!\\d)${QQ_ID}`)],
    type: 'qq',
  },
  { mention: mentionOf(CONTACT_WORDS.otherApps), patterns: [...OTHER_APP, ...alonePattern(OTHER_APP_WORDS.alone, OTHER_APP_ID_BEFORE)], type: 'other_app' },
  { mention: mentionOf(CONTACT_WORDS.alipay), patterns: [ALIPAY], type: 'alipay' },
  { mention: new RegExp(`@|${anyWord(CONTACT_WORDS.email.words)}`, 'u'), patterns: [EMAIL], type: 'email' },
  { mention: /[.:]/, patterns: [URL], type: 'url' },
];

/** Every candidate hit in one reading of the text, in its original offsets. */
function candidatesIn(normalised: MappedText): ContactMatch[] {
  const joined = replaceMapped(replaceMapped(dropWithinMapped(normalised, SPACED_SINGLES, /\s/), DIGIT_JOINER, ''), SCRIPT_GAP, '');
  const spelled = replaceMapped(replaceMapped(joined, SPELLED_DOT, '.'), SPELLED_AT, '@');
  return [
    ...KEYWORD_CHECKS.flatMap(({ mention, patterns, type, accept }) =>
      mention.test(spelled.text) ? patterns.flatMap((pattern) => findWithPattern(spelled, pattern, type, accept)) : [],
    ),
    ...findNumbers(normalised),
  ];
}

/**
 * Every contact detail in `text`, in reading order, without overlaps. Readings that overlap
 * become one hit over their union, typed by the one that starts first (then the longer one):
 * "微信 13812345678" is one WeChat hit, "13812345678@qq.com" one e-mail, and "qq 12345678@qq.com"
 * one hit that masks the whole address, not its local part alone.
 */
export function findContactDetails(text: string): ContactMatch[] {
  if (text.trim() === '') return [];
  const normalised = buildNormalised(text);
  const digitised = readDigits(normalised);
  const readings = digitised.text === normalised.text ? [normalised] : [normalised, digitised];
  const candidates = readings.flatMap(candidatesIn).sort((a, b) => a.start - b.start || b.end - a.end);

  const chosen: ContactMatch[] = [];
  for (const candidate of candidates) {
    if (candidate.end <= candidate.start) continue;
    const last = chosen.at(-1);
    if (last && candidate.start < last.end) {
      last.end = Math.max(last.end, candidate.end);
    } else {
      chosen.push({ ...candidate });
    }
  }
  return chosen.map((hit) => {
    // a keycap's marks (8️⃣ is "8", U+FE0F, U+20E3) belong to the digit they follow
    let end = hit.end;
    while (end < text.length && INVISIBLE.has(text[end] ?? '')) end += 1;
    return { ...hit, end, match: text.slice(hit.start, end) };
  });
}

export function containsContactDetails(text: string): boolean {
  return findContactDetails(text).length > 0;
}

/** The text with each detected contact detail replaced by `marker`; everything else is kept as typed. */
export function maskContactDetails(text: string, marker = '***'): string {
  let result = '';
  let cursor = 0;
  for (const hit of findContactDetails(text)) {
    result += text.slice(cursor, hit.start) + marker;
    cursor = hit.end;
  }
  return result + text.slice(cursor);
}

/** The distinct kinds found, in the fixed order of CONTACT_TYPES (for messages such as "contains a phone number"). */
export function contactTypesIn(matches: readonly ContactMatch[]): ContactType[] {
  return CONTACT_TYPES.filter((type) => matches.some((match) => match.type === type));
}
