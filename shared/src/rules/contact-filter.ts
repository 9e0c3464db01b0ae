/**
 * Contact-detail filter (rule C-4, ADR 0012). Titles, descriptions, comments, reviews and chat
 * must not carry a way to reach the other party outside Curio. The same code runs live in the
 * client (warning while typing) and on the server (refusal), so both always agree.
 *
 * The text is matched on normalised copies (full-width → ASCII, Chinese numerals → digits,
 * separators between digits dropped, spelled-out "dot"/"at" turned into punctuation). Every
 * character of a copy remembers the span of the original it came from, so a hit is reported and
 * masked on the original text exactly where the user typed it.
 *
 * It runs on every chat message and every keystroke pause, so every pattern is linear in the
 * length of the text by construction: each repetition is either bounded ({0,8}, {5,19}, …) or
 * runs over characters the token after it cannot match (`q\s*q`, `\d+`), and no repetition is
 * nested inside another unbounded one. A regex engine therefore never has more than a constant
 * number of ways to try at any position, whatever the input.
 */

/** `other_app`: an account on Telegram, WhatsApp, Line, 小红书 or 抖音, the apps sellers leave through besides WeChat and QQ (ADR 0034). */
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
 * Arabic-Indic digits. Applied after NFKC, before lower-casing.
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
};

/**
 * Characters people put between the digits of a number to slip it past a filter (at most three
 * in a row): spaces, dashes, dots, brackets (`(138)1234(5678)`, `【138】【1234】`) or an emoji.
 */
const DIGIT_SEPARATOR = '(?:[\\s\\-.·•_/,~*|—–()\\[\\]{}<>【】〔〕「」『』《》〈〉]|\\p{Extended_Pictographic})';
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
    const replacement = INVISIBLE.has(char)
      ? ''
      : [...char.normalize('NFKC')].map((unit) => CHINESE_DIGITS[unit] ?? LOOKALIKES[unit] ?? unit.toLowerCase()).join('');
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

/** Drops the characters matching `drop` inside each hit of `pattern` (global); every other character keeps its own span. */
function dropWithinMapped(source: MappedText, pattern: RegExp, drop: RegExp): MappedText {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let cursor = 0;
  const keep = (index: number) => {
    text += source.text[index];
    from.push(source.from[index] ?? 0);
    to.push(source.to[index] ?? 0);
  };
  for (const hit of source.text.matchAll(pattern)) {
    for (; cursor < hit.index; cursor += 1) keep(cursor);
    for (; cursor < hit.index + hit[0].length; cursor += 1) if (!drop.test(source.text[cursor] ?? '')) keep(cursor);
  }
  for (; cursor < source.text.length; cursor += 1) keep(cursor);
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
  '(?:(?<![a-z])(?:wechat|weixin|wei\\s?xin|v\\s?x|wx)(?![a-z])|(?<![a-z])(?:v|wei)\\s?(?:信|芯|❤|♥|心)|(?<![a-z])v(?=\\s{0,3}:)|[微薇威徽溦维魏嶶]\\s?(?:信|芯|❤|♥|xin(?![a-z])|x(?![a-z])))';
/**
 * The spellings of WeChat that are nothing but a way round the filter, so they count on their
 * own, with no id after them ("有意 v信", "私我vx"). 威信 ("prestige"), 微芯 ("microchip") and a
 * model name such as VX-750 or WX350 are ordinary words and need an id or an invitation.
 */
const WECHAT_EVASION = '(?:(?<![a-z0-9-])(?:v\\s?(?:信|芯|❤|♥)|vx|wx)(?!\\s?[a-z0-9-])|[薇徽溦嶶]\\s?(?:信|芯|❤|♥|心)|[微威维魏]\\s?(?:❤|♥))';
/** "加vx", "+微信" keep the "add me" verb inside the hit; bare "微"/"v" only count after such a verb, and only before a pause or an invitation ("加V详聊", not "加微量"). */
const WECHAT_WORD = `(?:(?:加|\\+)\\s?)?${WECHAT_CORE}|(?:加|\\+)\\s?(?:微|v(?![a-z]))(?=$|[^\\p{Script=Han}a-z]|[详詳私聊联聯沟溝细細])`;
/** Every name of WeChat an invitation can carry: its own spellings plus the nicknames 卫星 ("satellite") and 绿泡泡 ("the green bubble"). */
const WECHAT_CHANNEL = `(?:${WECHAT_CORE}|卫星|衛星|绿泡泡|綠泡泡)`;

/** English words that follow 微信/支付宝 in honest mixed-language text ("支持微信 payment"), never taken for an id. */
const NOT_AN_ID =
  '(?!(?:pay|payment|payments|transfer|transfers|accepted|accept|only|group|groups|friend|friends|account|support|supported|please|contact|message|messages|official|wallet|moments|video|program|scan|qrcode)(?![a-z0-9_.-]))';
/**
 * An id typed in pieces ("lin shop 88", "lin 2026 shop"). A digit must be in reach, or "wechat
 * for more photos" would read as an id; acceptSplitId then checks the digit is inside it.
 */
const SPLIT_ID = '(?=[a-z0-9_\\s-]{0,43}\\d)(?<split>[a-z][a-z0-9_]{0,9}(?:[\\s-][a-z0-9_]{1,10}){1,3})';
const WECHAT_ID = `(?:${NOT_AN_ID}[a-z][a-z0-9_-]{5,19}|\\d{5,12}|${NOT_AN_ID}${SPLIT_ID})(?![a-z0-9_])`;
/** The same id shapes in front of the word ("lin_shop88 是我微信"), where no filler can sit. */
const WECHAT_ID_BEFORE = '(?<![a-z0-9_-])(?:[a-z][a-z0-9_-]{5,19}|\\d{5,12})';

const QQ_WORD = '(?:(?<![a-z])q\\s{0,3}q(?![a-z])|扣\\s?扣|抠\\s?抠|摳\\s?摳|企鹅|企鵝|口口|球球)';
const QQ_ID = '[1-9]\\d{4,10}(?!\\d)';
/** QQ's own products: "12345 QQ 音乐" is a number of something, not a QQ number. */
const QQ_PRODUCT = '(?:音乐|音樂|空间|空間|会员|會員|币|幣|飞车|飛車|游戏|遊戲|秀|堂|music|games?)';

/**
 * The other apps people leave through (ADR 0034). Latin names that are also English words
 * (line, telegram) or short (tg) need an invitation, an `@handle` or an id with a digit or an
 * underscore in it; so do 飞机 ("plane", Telegram's nickname), 小红书 and 抖音 ("小红书同款" is an
 * ordinary way to describe goods).
 */
const OTHER_APP_CHANNEL = '(?:(?<![a-z])(?:telegram|tg|whats\\s?app|line)(?![a-z])|电报|電報|纸飞机|紙飛機|小红书|小紅書|抖音|瓦次普)';
const OTHER_APP_ID =
  '(?:@[a-z0-9_.]{3,31}|(?<=(?:[:=]|id)\\s{0,2})[a-z][a-z0-9_.]{3,31}|(?=[a-z0-9_.]{0,31}[\\d_])[a-z0-9][a-z0-9_.]{3,31}|\\+?\\d{6,15})(?![a-z0-9_])';
const OTHER_APP_ID_BEFORE = '(?<![a-z0-9_@.])(?:@[a-z0-9_.]{3,31}|(?=[a-z0-9_.]{0,31}[\\d_])[a-z][a-z0-9_.]{3,31}|\\+?\\d{6,15})';

/** Verbs that turn a bare channel name into an invitation: "加微信", "私我 vx", "留个扣扣", "add me on WhatsApp". */
const INVITE_BEFORE =
  '(?:(?:加|\\+|添加|联系|聯繫|联络|聯絡|私聊|私信|私|找|搜|留|关注|關注)\\s?(?:我|偶|下|一下|个|個)?\\s?的?\\s?|(?<![a-z])(?:add|contact|message|text|dm|ping|reach|find|hit)\\s(?:(?:me|us)\\s)?(?:up\\s)?(?:on|via|at|through|in|by)\\s|(?<![a-z])(?:escr[ií]beme|cont[aá]ctame|h[aá]blame|m[aá]ndame)\\s(?:por|en|al?)\\s)';
/** …and words after one: "微信联系", "vx详聊", "抖音私信", "微信同号", "V见主页", "WhatsApp me". */
const INVITE_AFTER =
  '(?:\\s?(?:号|號|id)?\\s?(?:联系|聯繫|联络|聯絡|详聊|詳聊|私聊|细聊|細聊|聊(?!天记录|天記錄)|沟通|溝通|详谈|詳談|交流|找我|私信|私我|发我|發我|加我|同号|同號|(?:见|見|看|在)我?的?(?:主页|主頁|头像|頭像|简介|簡介|资料|資料|昵称|暱稱|签名|簽名))|\\s(?:me|us)(?![a-z]))';
/** What joins an id to the word after it: "是我微信", "（QQ）", "= vx", "👈 微信". */
const ID_THEN = (channel: string) =>
  `\\s?(?:(?:是|为|為|=|就是|<-|←|👈|⬅)\\s?(?:我|偶)?的?\\s?${channel}|[(\\[【〔]\\s?${channel}\\s?(?:号|號|id)?\\s?[)\\]】〕]|${channel}\\s?(?:号|號|id)(?![a-z]))`;

function channelPatterns(channel: string, invitation: string, idAfter: string, idBefore: string): RegExp {
  return new RegExp(
    `${idBefore}${ID_THEN(channel)}|(?:${INVITE_BEFORE})?(?:${invitation})${FILLER}{0,8}?${idAfter}|${INVITE_BEFORE}${channel}|${channel}${INVITE_AFTER}`,
    'gu',
  );
}

const WECHAT = channelPatterns(WECHAT_CHANNEL, WECHAT_WORD, WECHAT_ID, WECHAT_ID_BEFORE);
/** An evasive spelling on its own, or right after an id ("lin_shop88 vx"), so the id is masked with it. */
const WECHAT_ALONE = new RegExp(`(?:${WECHAT_ID_BEFORE}\\s?)?${WECHAT_EVASION}|(?:${INVITE_BEFORE})?(?<![a-z0-9-])v${INVITE_AFTER}`, 'gu');
const QQ = channelPatterns(QQ_WORD, QQ_WORD, QQ_ID, `(?<!\\d)${QQ_ID}`);
/** "88886666 QQ", "12345678扣扣": a number right before the word is its QQ number. */
const QQ_AFTER_NUMBER = new RegExp(`(?<!\\d)${QQ_ID}\\s?(?:(?<![a-z])q\\s?q(?![a-z])|扣\\s?扣)(?!\\s?${QQ_PRODUCT})`, 'gu');
/** 飞机 ("plane") stands for Telegram only after an invitation ("加飞机"), never on its own. */
const OTHER_APP = new RegExp(
  `${channelPatterns(OTHER_APP_CHANNEL, OTHER_APP_CHANNEL, OTHER_APP_ID, OTHER_APP_ID_BEFORE).source}|${INVITE_BEFORE}(?:飞机|飛機)`,
  'gu',
);

/** A split id counts only with a digit in it and 6-20 characters without the gaps: "lin shop 88", not "pay is ok". */
function acceptSplitId(hit: RegExpMatchArray): boolean {
  const split = hit.groups?.['split'];
  if (split === undefined) return true;
  const joined = split.replace(/[\s-]/g, '');
  return /\d/.test(joined) && joined.length >= 6 && joined.length <= 20;
}

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

/**
 * Every contact detail in `text`, in reading order, without overlaps. Readings that overlap
 * become one hit over their union, typed by the one that starts first (then the longer one):
 * "微信 13812345678" is one WeChat hit, "13812345678@qq.com" one e-mail, and "qq 12345678@qq.com"
 * one hit that masks the whole address, not its local part alone.
 */
export function findContactDetails(text: string): ContactMatch[] {
  if (text.trim() === '') return [];
  const normalised = buildNormalised(text);
  const joined = replaceMapped(dropWithinMapped(normalised, SPACED_SINGLES, /\s/), DIGIT_JOINER, '');
  const spelled = replaceMapped(replaceMapped(joined, SPELLED_DOT, '.'), SPELLED_AT, '@');

  const candidates = [
    ...findWithPattern(spelled, WECHAT, 'wechat', acceptSplitId),
    ...findWithPattern(spelled, WECHAT_ALONE, 'wechat'),
    ...findWithPattern(spelled, QQ, 'qq'),
    ...findWithPattern(spelled, QQ_AFTER_NUMBER, 'qq'),
    ...findWithPattern(spelled, OTHER_APP, 'other_app'),
    ...findWithPattern(spelled, ALIPAY, 'alipay'),
    ...findWithPattern(spelled, EMAIL, 'email'),
    ...findWithPattern(spelled, URL, 'url'),
    ...findNumbers(normalised),
  ].sort((a, b) => a.start - b.start || b.end - a.end);

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
