import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANGUAGES, type Language } from '@curio/shared';

/**
 * One term per concept in every language (the glossary of docs/ARCHITECTURE.md): a member who
 * posts a buying request must not meet it under three other names on the next screen. For each
 * language and concept, `term` is the one allowed wording, `anchor` a text that names the concept
 * and so must use it, and `banned` the variants that must not appear in any text.
 */
interface GlossaryEntry {
  concept: string;
  term: RegExp;
  /** namespace:key of a text that names the concept. */
  anchor: string;
  banned: RegExp[];
}

const EVERY_LANGUAGE: GlossaryEntry[] = [
  // ADR 0027: the credit has one name
  { concept: 'USDN', term: /USDN/, anchor: 'common:balance.usdnAria', banned: [/USDX/] },
];

const GLOSSARY: Record<Language, GlossaryEntry[]> = {
  'zh-CN': [
    { concept: 'buying request', term: /求购/, anchor: 'errors:BUYING_REQUEST_NOT_FOUND', banned: [/需求/, /征求/, /购买请求/, /求购帖/] },
    { concept: 'listing', term: /商品/, anchor: 'errors:LISTING_NOT_FOUND', banned: [/宝贝/] },
    { concept: 'offer', term: /报价/, anchor: 'errors:OFFER_NOT_FOUND', banned: [/出价/] },
    { concept: 'escrow', term: /托管/, anchor: 'orders:purchase.confirm', banned: [/担保/] },
    { concept: 'held', term: /冻结/, anchor: 'common:balance.held', banned: [/锁定/] },
    { concept: 'Curio points', term: /积分/, anchor: 'common:balance.pointsName', banned: [/点数/] },
    { concept: 'favourite', term: /收藏/, anchor: 'profiles:tabs.favorites', banned: [/最爱/] },
  ],
  'zh-TW': [
    { concept: 'buying request', term: /求購/, anchor: 'errors:BUYING_REQUEST_NOT_FOUND', banned: [/需求/, /徵求/, /購買請求/] },
    { concept: 'listing', term: /商品/, anchor: 'errors:LISTING_NOT_FOUND', banned: [/寶貝/] },
    { concept: 'offer', term: /報價/, anchor: 'errors:OFFER_NOT_FOUND', banned: [/出價/] },
    { concept: 'escrow', term: /託管/, anchor: 'orders:purchase.confirm', banned: [/擔保/] },
    { concept: 'held', term: /凍結/, anchor: 'common:balance.held', banned: [/鎖定/] },
    { concept: 'Curio points', term: /積分/, anchor: 'common:balance.pointsName', banned: [/點數/, /\}\} ?點(?![擊讚])/, /^點$/] },
    { concept: 'favourite', term: /收藏/, anchor: 'profiles:tabs.favorites', banned: [/最愛/] },
    { concept: 'publish', term: /發布/, anchor: 'common:nav.publish', banned: [/發佈/, /刊登/] },
  ],
  en: [
    { concept: 'buying request', term: /buying request/i, anchor: 'errors:BUYING_REQUEST_NOT_FOUND', banned: [/\bwanted ads?\b/i, /\bpurchase requests?\b/i] },
    { concept: 'listing', term: /\blisting\b/i, anchor: 'errors:LISTING_NOT_FOUND', banned: [/\bproduct listings?\b/i] },
    { concept: 'offer', term: /\boffer\b/i, anchor: 'errors:OFFER_NOT_FOUND', banned: [/\bbids?\b/i, /\bquotes?\b/i] },
    { concept: 'escrow', term: /\bescrow\b/i, anchor: 'orders:purchase.confirm', banned: [/\bescrowed\b/i] },
    { concept: 'held', term: /\bheld\b/i, anchor: 'common:balance.held', banned: [/\bon hold\b/i, /\bfrozen\b/i] },
    { concept: 'Curio points', term: /Curio points/, anchor: 'common:balance.pointsName', banned: [/\bplatform points\b/i, /\bCurio coins?\b/i] },
    { concept: 'favourite', term: /\bfavourites?\b/i, anchor: 'profiles:tabs.favorites', banned: [/\bfavorites?\b/i] },
  ],
  ja: [
    { concept: 'buying request', term: /購入リクエスト/, anchor: 'errors:BUYING_REQUEST_NOT_FOUND', banned: [/買取/, /買い取り/, /買いたい/, /募集(?!中)/] },
    { concept: 'listing', term: /商品/, anchor: 'errors:LISTING_NOT_FOUND', banned: [/アイテム/] },
    { concept: 'offer', term: /オファー/, anchor: 'errors:OFFER_NOT_FOUND', banned: [/(?<!再)提案/, /見積/] },
    { concept: 'escrow', term: /エスクロー/, anchor: 'orders:purchase.confirm', banned: [/エスクローで保留/] },
    { concept: 'held', term: /保留/, anchor: 'common:balance.held', banned: [/凍結/] },
    { concept: 'Curio points', term: /ポイント/, anchor: 'common:balance.pointsName', banned: [/Curio ?コイン/] },
    { concept: 'favourite', term: /お気に入り/, anchor: 'profiles:tabs.favorites', banned: [/ブックマーク/] },
  ],
  ko: [
    { concept: 'buying request', term: /구매 요청/, anchor: 'errors:BUYING_REQUEST_NOT_FOUND', banned: [/구매요청/, /구매 의뢰/] },
    { concept: 'listing', term: /상품/, anchor: 'errors:LISTING_NOT_FOUND', banned: [/매물/] },
    { concept: 'offer', term: /제안/, anchor: 'errors:OFFER_NOT_FOUND', banned: [/오퍼/, /입찰/] },
    { concept: 'escrow', term: /에스크로/, anchor: 'orders:purchase.confirm', banned: [/에스크로 보류/] },
    { concept: 'held', term: /보류/, anchor: 'common:balance.held', banned: [/동결/] },
    { concept: 'Curio points', term: /포인트/, anchor: 'common:balance.pointsName', banned: [/적립금/] },
    { concept: 'favourite', term: /찜/, anchor: 'profiles:tabs.favorites', banned: [/즐겨찾기/] },
  ],
  es: [
    {
      concept: 'buying request',
      term: /solicitud(es)? de compra/i,
      anchor: 'errors:BUYING_REQUEST_NOT_FOUND',
      banned: [/\bpedidos? de compra\b/i, /\banuncios? de búsqueda\b/i],
    },
    { concept: 'listing', term: /\banuncio\b/i, anchor: 'errors:LISTING_NOT_FOUND', banned: [/\b(?:el|este|del) artículo (?:no|fue)\b/i] },
    { concept: 'offer', term: /\boferta\b/i, anchor: 'errors:OFFER_NOT_FOUND', banned: [/\bpropuestas?\b/i, /\bpujas?\b/i] },
    { concept: 'escrow', term: /\bcustodia\b/i, anchor: 'orders:purchase.confirm', banned: [/\ben depósito\b/i, /\bdepósito en garantía\b/i] },
    { concept: 'held', term: /\bretenid[oa]s?\b/i, anchor: 'common:balance.held', banned: [/\bcongelad[oa]s?\b/i] },
    { concept: 'Curio points', term: /\bpuntos Curio\b/i, anchor: 'common:balance.pointsName', banned: [/\bCurio points\b/, /\bmonedas Curio\b/i] },
    { concept: 'favourite', term: /\bfavoritos?\b/i, anchor: 'profiles:tabs.favorites', banned: [/\bmarcadores\b/i] },
  ],
};

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../client/src/i18n/locales');

/** Every text of a language as "namespace:key" -> text. */
function textsOf(language: Language): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') texts.set(key, value);
    else if (value && typeof value === 'object')
      for (const [child, inner] of Object.entries(value)) walk(inner, key.endsWith(':') ? `${key}${child}` : `${key}.${child}`);
  };
  for (const file of readdirSync(path.join(LOCALES_DIR, language)).filter((name) => name.endsWith('.json'))) {
    walk(JSON.parse(readFileSync(path.join(LOCALES_DIR, language, file), 'utf8')), `${file.slice(0, -'.json'.length)}:`);
  }
  return texts;
}

/** The texts (as "key: text") that use one of the banned variants. */
function offending(texts: Map<string, string>, banned: RegExp[]): string[] {
  return [...texts].filter(([, text]) => banned.some((variant) => variant.test(text))).map(([key, text]) => `${key}: ${text}`);
}

describe.each(LANGUAGES)('glossary of %s', (language) => {
  const texts = textsOf(language);
  test.each([...EVERY_LANGUAGE, ...GLOSSARY[language]])('$concept: one term, no variants', ({ term, anchor, banned }) => {
    expect(texts.get(anchor), `${anchor} should name the concept`).toMatch(term);
    expect(offending(texts, banned)).toEqual([]);
  });
});

describe('the glossary check itself', () => {
  test('finds a banned variant and lets the allowed term and look-alikes pass', () => {
    const ja = GLOSSARY.ja.find((entry) => entry.concept === 'buying request')!;
    const offer = GLOSSARY.ja.find((entry) => entry.concept === 'offer')!;
    const texts = new Map([
      ['a:one', '買いたいリクエストが見つかりません'],
      ['a:two', '購入リクエストを投稿'],
      ['a:three', '募集中'],
      ['a:four', '再提案を送る'],
      ['a:five', '提案が見つかりません'],
    ]);
    expect(offending(texts, ja.banned)).toEqual(['a:one: 買いたいリクエストが見つかりません']);
    expect(offending(texts, offer.banned)).toEqual(['a:five: 提案が見つかりません']);
  });
});
