/**
 * Contact-detail filter (rule C-4, ADR 0012). Titles, descriptions, comments, reviews and chat
 * must not carry a way to reach the other party outside Curio. The same code runs live in the
 * client (warning while typing) and on the server (refusal), so both always agree.
 *
 * The text is matched on normalised copies (full-width → ASCII, Chinese numerals → digits,
 * separators between digits dropped, spelled-out "dot"/"at" turned into punctuation). Every
 * character of a copy remembers the span of the original it came from, so a hit is reported and
 * masked on the original text exactly where the user typed it.
 */

export const CONTACT_TYPES = ['phone', 'wechat', 'qq', 'email', 'url', 'alipay', 'bank_card'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

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

/** Zero-width characters and emoji variation selectors hide nothing from a reader, so they must hide nothing from us. */
const INVISIBLE = new Set(['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\ufeff', '\ufe0e', '\ufe0f', '\u00ad']);

/** Characters people put between the digits of a number to slip it past a filter (at most three in a row). */
const DIGIT_SEPARATOR = '(?:[\\s\\-.·•_/,~*|—–]|\\p{Extended_Pictographic})';
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

function buildNormalised(original: string): MappedText {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  while (index < original.length) {
    const codePoint = original.codePointAt(index) ?? 0;
    const char = String.fromCodePoint(codePoint);
    const next = index + char.length;
    const replacement = INVISIBLE.has(char) ? '' : (CHINESE_DIGITS[char] ?? char.normalize('NFKC').toLowerCase());
    for (let unit = 0; unit < replacement.length; unit += 1) {
      text += replacement[unit];
      from.push(index);
      to.push(next);
    }
    index = next;
  }
  return { text, from, to };
}

/** Replaces each hit of `pattern` (global) by `replacement`, mapping the new characters onto the whole replaced span. */
function replaceMapped(source: MappedText, pattern: RegExp, replacement: string): MappedText {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let cursor = 0;
  const copy = (until: number) => {
    for (; cursor < until; cursor += 1) {
      text += source.text[cursor];
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
    for (let unit = 0; unit < replacement.length; unit += 1) {
      text += replacement[unit];
      from.push(spanStart);
      to.push(spanEnd);
    }
    cursor = end;
  }
  copy(source.text.length);
  return { text, from, to };
}

function originalSpan(source: MappedText, start: number, end: number): { start: number; end: number } {
  return { start: source.from[start] ?? 0, end: source.to[end - 1] ?? 0 };
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
      const cardPlausible = !PRICE_BEFORE.test(before) && !REFERENCE_BEFORE.test(before);
      for (let last = first; last < chain.length && joined.length <= 19; last += 1) {
        joined += chain[last]?.digits ?? '';
        if (PHONE_DIGITS.test(joined) && !PRICE_BEFORE.test(before)) phoneEnd = last;
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
  return found.map((hit) => ({ type: hit.type, match: '', ...originalSpan(normalised, hit.start, hit.end) }));
}

// ---------------------------------------------------------------------------------------------
// Keyword-led and address-shaped contacts, found on the fully normalised copy

/** What people write between a contact word and the id: "微信号：", "qq 是 ", "vx搜 ". */
const FILLER = `(?:[\\s:=\\-_~.,"'“”‘’「」『』()\\[\\]【】<>《》是号號码碼账帳户戶搜索加为為的我#@]|id|no|account|acct)`;

const WECHAT_CORE =
  '(?:(?<![a-z])(?:wechat|weixin|wei\\s?xin|v\\s?x|wx)(?![a-z])|(?<![a-z])(?:v|wei)\\s?(?:信|芯|❤|♥|心)|(?<![a-z])v(?=\\s*:)|[微薇威徽溦维魏]\\s?(?:信|芯|❤|♥|xin(?![a-z])|x(?![a-z])))';
/** "加vx", "+微信" keep the "add me" verb inside the hit; bare "微"/"v" only count after such a verb. */
const WECHAT_WORD = `(?:(?:加|\\+)\\s?)?${WECHAT_CORE}|(?:加|\\+)\\s?(?:微|v(?![a-z]))`;
/** English words that follow 微信/支付宝 in honest mixed-language text ("支持微信 payment"), never taken for an id. */
const NOT_AN_ID =
  '(?!(?:pay|payment|payments|transfer|transfers|accepted|accept|only|group|groups|friend|friends|account|support|supported|please|contact|message|messages|official|wallet|moments|video|program|scan|qrcode)(?![a-z0-9_.-]))';
const WECHAT_ID = `(?:${NOT_AN_ID}[a-z][a-z0-9_-]{5,19}|\\d{5,12})(?![a-z0-9_])`;
const WECHAT = new RegExp(`(?:${WECHAT_WORD})${FILLER}{0,8}?${WECHAT_ID}`, 'g');

const QQ = new RegExp(`(?<![a-z])(?:q\\s*q|扣\\s?扣|抠\\s?抠|摳\\s?摳|企鹅|企鵝|口口|球球)(?![a-z])${FILLER}{0,8}?[1-9]\\d{4,10}(?!\\d)`, 'g');

const EMAIL_BODY = '[a-z0-9](?:[a-z0-9._%+-]{0,63})@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\\.[a-z]{2,24}(?![a-z0-9])';
const EMAIL = new RegExp(EMAIL_BODY, 'g');

const ALIPAY = new RegExp(
  `(?<![a-z])(?:支付宝|支付寶|zfb|alipay|阿里pay)(?![a-z])${FILLER}{0,8}?(?:${EMAIL_BODY}|\\d{5,}|${NOT_AN_ID}[a-z][a-z0-9_.-]{4,}(?![a-z0-9_]))`,
  'g',
);

const URL_TAIL = `[^\\s<>"'，。！？、；（）【】「」]*`;
const URL = new RegExp(
  `(?:https?://|www\\.)[^\\s<>"'，。！？、；（）【】「」]+|(?<![a-z0-9@.\\-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+${TLD_GROUP}(?![a-z0-9-])(?:[/?#]${URL_TAIL})?`,
  'g',
);

/** "gmail(dot)com", "gmail dot com", "gmail点com", "gmail。com" → "gmail.com". */
const SPELLED_DOT = new RegExp(
  `(?<=[a-z0-9])(?:\\s*[(\\[{<【]\\s*(?:dot|点|點|。)\\s*[)\\]}>】]\\s*|\\s+(?:dot|点|點)\\s+|\\s*(?:点|點|。|dot|\\.)\\s*(?=${TLD_GROUP}(?![a-z0-9])))(?=[a-z0-9])`,
  'g',
);
/** "name(at)mail", "name [at] mail", "name at mail.com", "name艾特mail", "name @ mail" → "name@mail". */
const SPELLED_AT = /(?<=[a-z0-9])(?:\s*[([{<【]\s*(?:at|@|艾特|圈a)\s*[)\]}>】]\s*|\s+at\s+|\s*(?:@|艾特|圈a)\s*)(?=[a-z0-9])/g;

const DIGIT_JOINER = new RegExp(`(?<=\\d)${DIGIT_SEPARATOR}{1,3}(?=\\d)`, 'gu');

function findWithPattern(source: MappedText, pattern: RegExp, type: ContactType): ContactMatch[] {
  const found: ContactMatch[] = [];
  for (const hit of source.text.matchAll(pattern)) {
    found.push({ type, match: '', ...originalSpan(source, hit.index, hit.index + hit[0].length) });
  }
  return found;
}

/**
 * Every contact detail in `text`, in reading order, without overlaps (when two readings
 * overlap, the one that starts first wins, then the longer one: "微信 13812345678" is one
 * WeChat hit, "13812345678@qq.com" one e-mail).
 */
export function findContactDetails(text: string): ContactMatch[] {
  if (text.trim() === '') return [];
  const normalised = buildNormalised(text);
  const joined = replaceMapped(normalised, DIGIT_JOINER, '');
  const spelled = replaceMapped(replaceMapped(joined, SPELLED_DOT, '.'), SPELLED_AT, '@');

  const candidates = [
    ...findWithPattern(spelled, WECHAT, 'wechat'),
    ...findWithPattern(spelled, QQ, 'qq'),
    ...findWithPattern(spelled, ALIPAY, 'alipay'),
    ...findWithPattern(spelled, EMAIL, 'email'),
    ...findWithPattern(spelled, URL, 'url'),
    ...findNumbers(normalised),
  ].sort((a, b) => a.start - b.start || b.end - a.end);

  const chosen: ContactMatch[] = [];
  let reached = 0;
  for (const candidate of candidates) {
    if (candidate.start < reached || candidate.end <= candidate.start) continue;
    chosen.push({ ...candidate, match: text.slice(candidate.start, candidate.end) });
    reached = candidate.end;
  }
  return chosen;
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
