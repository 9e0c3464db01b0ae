import { describe, expect, test } from 'vitest';
import {
  CONTACT_TYPES,
  containsContactDetails,
  contactTypesIn,
  findContactDetails,
  maskContactDetails,
  type ContactType,
} from '../../shared/src/rules/contact-filter.ts';
import { assertNoContactDetails } from '../../server/src/domain/moderation/contact-check.ts';
import { DomainError } from '../../server/src/domain/domain-error.ts';

/** [text, the one kind expected, the exact original span reported] */
const SINGLE_HITS: [string, ContactType, string][] = [
  // phone: plain, embedded, with country code
  ['13812345678', 'phone', '13812345678'],
  ['联系我 13912345678 谢谢', 'phone', '13912345678'],
  ['call 15012345678 after 6pm', 'phone', '15012345678'],
  ['+86 138 1234 5678', 'phone', '+86 138 1234 5678'],
  ['8613812345678', 'phone', '8613812345678'],
  ['电话：19912345678。', 'phone', '19912345678'],
  // phone evasions: full-width, separators, numerals
  ['１３８１２３４５６７８', 'phone', '１３８１２３４５６７８'],
  ['手机 １３８ １２３４ ５６７８', 'phone', '１３８ １２３４ ５６７８'],
  ['138 1234 5678', 'phone', '138 1234 5678'],
  ['138-1234-5678', 'phone', '138-1234-5678'],
  ['138 - 1234 - 5678', 'phone', '138 - 1234 - 5678'],
  ['1.3.8.1.2.3.4.5.6.7.8', 'phone', '1.3.8.1.2.3.4.5.6.7.8'],
  ['1 3 8 1 2 3 4 5 6 7 8', 'phone', '1 3 8 1 2 3 4 5 6 7 8'],
  ['138_1234_5678', 'phone', '138_1234_5678'],
  ['一三八一二三四五六七八', 'phone', '一三八一二三四五六七八'],
  ['壹叁捌壹贰叁肆伍陆柒捌', 'phone', '壹叁捌壹贰叁肆伍陆柒捌'],
  ['幺三八幺二三四五六七八', 'phone', '幺三八幺二三四五六七八'],
  ['打我 一三八 1234 五六七八', 'phone', '一三八 1234 五六七八'],
  ['1\u200b38\u200b1234\u200b5678', 'phone', '1\u200b38\u200b1234\u200b5678'],
  ['价格 100 13812345678', 'phone', '13812345678'],
  ['138🌸1234🌸5678', 'phone', '138🌸1234🌸5678'],
  ['①③⑧①②③④⑤⑥⑦⑧', 'phone', '①③⑧①②③④⑤⑥⑦⑧'],
  // wechat words followed by an id
  ['微信 abc_123', 'wechat', '微信 abc_123'],
  ['微信号：wxid_k2j3h4', 'wechat', '微信号：wxid_k2j3h4'],
  ['v信 abc_123', 'wechat', 'v信 abc_123'],
  ['V信：Curio2026', 'wechat', 'V信：Curio2026'],
  ['vx：wxid_12345', 'wechat', 'vx：wxid_12345'],
  ['加VX abcdef', 'wechat', '加VX abcdef'],
  ['薇信 abcdef1', 'wechat', '薇信 abcdef1'],
  ['威信：lin_shop88', 'wechat', '威信：lin_shop88'],
  ['微❤ abc1234', 'wechat', '微❤ abc1234'],
  ['加微 collector_99', 'wechat', '加微 collector_99'],
  ['wx: vintage_cam', 'wechat', 'wx: vintage_cam'],
  ['WeChat ID: retro_lin', 'wechat', 'WeChat ID: retro_lin'],
  ['加我微信13812345678谢谢', 'wechat', '微信13812345678'],
  ['ｖｘ：ａｂｃｄｅｆ', 'wechat', 'ｖｘ：ａｂｃｄｅｆ'],
  // qq
  ['qq 123456789', 'qq', 'qq 123456789'],
  ['QQ号：10001', 'qq', 'QQ号：10001'],
  ['扣扣：12345', 'qq', '扣扣：12345'],
  ['企鹅 1 2 3 4 5 6', 'qq', '企鹅 1 2 3 4 5 6'],
  ['扣扣 一二三四五六七', 'qq', '扣扣 一二三四五六七'],
  ['扣 扣 123456', 'qq', '扣 扣 123456'],
  ['Q Q：88886666', 'qq', 'Q Q：88886666'],
  // e-mail, including spelled-out punctuation
  ['mail me: lin.collects@example.com', 'email', 'lin.collects@example.com'],
  ['12345678@qq.com', 'email', '12345678@qq.com'],
  ['abc at gmail dot com', 'email', 'abc at gmail dot com'],
  ['abc@gmail点com', 'email', 'abc@gmail点com'],
  ['abc(at)gmail(dot)com', 'email', 'abc(at)gmail(dot)com'],
  ['abc[at]163[dot]com', 'email', 'abc[at]163[dot]com'],
  ['abc＠ｇｍａｉｌ．ｃｏｍ', 'email', 'abc＠ｇｍａｉｌ．ｃｏｍ'],
  ['lin@mail。com', 'email', 'lin@mail。com'],
  ['abc @ gmail.com', 'email', 'abc @ gmail.com'],
  ['abc艾特163点com', 'email', 'abc艾特163点com'],
  // urls
  ['see https://shop.example.org/item?id=3', 'url', 'https://shop.example.org/item?id=3'],
  ['www.example.com', 'url', 'www.example.com'],
  ['淘宝店 taobao.com/shop/123', 'url', 'taobao.com/shop/123'],
  ['example。com', 'url', 'example。com'],
  ['example点com', 'url', 'example点com'],
  ['example (dot) com', 'url', 'example (dot) com'],
  ['example dot com', 'url', 'example dot com'],
  ['https://t.me/curio_lin', 'url', 'https://t.me/curio_lin'],
  // alipay
  ['支付宝 abc@example.com', 'alipay', '支付宝 abc@example.com'],
  ['支付宝账号：13912345678', 'alipay', '支付宝账号：13912345678'],
  ['zfb 13912345678', 'alipay', 'zfb 13912345678'],
  ['alipay: lin_pay88', 'alipay', 'alipay: lin_pay88'],
  ['支付宝 account: lin_pay', 'alipay', '支付宝 account: lin_pay'],
  ['vx linshop', 'wechat', 'vx linshop'],
  // bank cards: Luhn-valid, or introduced by a bank word
  ['4111 1111 1111 1111', 'bank_card', '4111 1111 1111 1111'],
  ['转账到 6222021234567894 即可', 'bank_card', '6222021234567894'],
  ['6228-4800-1234-5671', 'bank_card', '6228-4800-1234-5671'],
  ['6217001234567890122', 'bank_card', '6217001234567890122'],
  ['卡号 6222021234567890', 'bank_card', '6222021234567890'],
  ['银行卡：6222 0212 3456 7890', 'bank_card', '6222 0212 3456 7890'],
  ['bank card 1234 5678 9012 3', 'bank_card', '1234 5678 9012 3'],
];

/** Ordinary listing, chat and review text that must pass untouched. */
const CLEAN_TEXTS: string[] = [
  '',
  '   ',
  '¥1380',
  '￥13800',
  '$1,299.00',
  '1,299.00 USDN',
  '价格 13800',
  '价格：¥13,800.00',
  '3 件',
  '库存 1000 个',
  '2026-11-21',
  '2026/11/21',
  '2026年11月21日',
  '20261121',
  '13:45',
  '2026-11-21 13:45:00',
  '订单号 CUR-20261121-0042',
  'order CUR-20261121-0042 shipped',
  '1978年的老相机',
  'Zenit-E',
  'IBM Model M 1391401',
  '210 毫米',
  '尺寸 21 x 29.7 cm',
  '电压 220V 功率 1500W',
  'version v1.2.3',
  'photo.jpg 和 readme.md',
  'U.S.A.',
  'ISBN 978-7-02-000220-6',
  'IMEI 356938035643809',
  '1998 2005 2010 2012',
  '13 14 15 16 17 18 19',
  '6222 0212 3456 7890',
  '支持微信支付 全国包邮',
  '我用微信付款',
  'QQ 音乐会员 12 个月',
  '企鹅玩偶 30000 个',
  'VX-750 相机',
  '支付宝付款即可',
  '九成新，一共三件',
  '第一二三届展会纪念品',
  '请在平台内沟通，谢谢！',
  '支持微信 payment 和支付宝 transfer',
  'WeChat Pay accepted',
  '出售 iPhone 13 Pro Max 256GB，电池 89%，2023年购于 Apple Store，价格 ¥5,299，顺丰包邮，3 天内发货。',
  '尺寸 210×297 毫米，型号 DSC-RX100M7，序列号 1234567890123456',
  'Vintage Seiko 6139-6002, 1978, serviced 2025-03-14, case 760312',
  'ヴィンテージカメラ、価格 13,800 円、2026年11月21日発送',
  '빈티지 카메라 가격 13,800원 수량 3개',
  'Precio: 1.299,00 €, envío 2026-11-21, pedido CUR-20261121-0042',
  'Mint condition, ships in 3 days, 2 units left.',
];

describe('findContactDetails: hits (rule C-4)', () => {
  test.each(SINGLE_HITS)('%j is one %s hit', (text, type, span) => {
    const found = findContactDetails(text);
    expect(found.map((hit) => hit.type)).toEqual([type]);
    const [hit] = found;
    expect(hit?.match).toBe(span);
    expect(text.slice(hit?.start, hit?.end)).toBe(span);
    expect(containsContactDetails(text)).toBe(true);
  });

  test('several kinds in one text come back in reading order', () => {
    const text = '电话 13812345678，微信 lin_shop88，邮箱 lin@example.com，网站 www.example.com';
    expect(findContactDetails(text).map((hit) => hit.type)).toEqual(['phone', 'wechat', 'email', 'url']);
  });

  test('overlapping readings collapse to one hit: the e-mail, not the phone inside it', () => {
    expect(findContactDetails('13812345678@qq.com').map((hit) => hit.type)).toEqual(['email']);
  });
});

describe('findContactDetails: ordinary text is not flagged', () => {
  test.each(CLEAN_TEXTS)('%j has no contact details', (text) => {
    expect(findContactDetails(text)).toEqual([]);
    expect(containsContactDetails(text)).toBe(false);
  });

  test('a price, a quantity, a date and an order number together stay clean', () => {
    expect(findContactDetails('价格 ¥1380，库存 3 件，2026年11月21日发货，订单号 CUR-20261121-0042')).toEqual([]);
  });
});

describe('maskContactDetails', () => {
  test('replaces the detected span with the default marker and keeps the rest as typed', () => {
    expect(maskContactDetails('请联系 13812345678 购买')).toBe('请联系 *** 购买');
  });

  test('masks the original characters of an evasion, not the normalised copy', () => {
    expect(maskContactDetails('手机：１３８-１２３４-５６７８！')).toBe('手机：***！');
    expect(maskContactDetails('打 一三八一二三四五六七八 找我')).toBe('打 *** 找我');
  });

  test('masks every item, each with its own marker', () => {
    const text = 'vx: lin_shop88 或 qq 12345678，也可以 lin@example.com';
    expect(maskContactDetails(text)).toBe('*** 或 ***，也可以 ***');
  });

  test('a bank word stays, only the number is hidden', () => {
    expect(maskContactDetails('卡号 6222021234567890，谢谢')).toBe('卡号 ***，谢谢');
  });

  test('a custom marker is used', () => {
    expect(maskContactDetails('see www.example.com now', '[hidden]')).toBe('see [hidden] now');
  });

  test('clean text comes back unchanged, including prices and dates', () => {
    const text = '¥1,299.00 · 2026-11-21 · 订单号 CUR-20261121-0042 · 3 件';
    expect(maskContactDetails(text)).toBe(text);
  });

  test('emoji and surrogate pairs around a hit survive masking', () => {
    expect(maskContactDetails('🎸 13812345678 🎸')).toBe('🎸 *** 🎸');
  });

  test('the masked text has no contact details left', () => {
    for (const [text] of SINGLE_HITS) expect(containsContactDetails(maskContactDetails(text))).toBe(false);
  });
});

describe('contactTypesIn', () => {
  test('lists each kind once in catalogue order', () => {
    const matches = findContactDetails('qq 12345678 and 13812345678 and qq 87654321');
    expect(contactTypesIn(matches)).toEqual(['phone', 'qq']);
    expect(CONTACT_TYPES).toContain('bank_card');
  });
});

describe('assertNoContactDetails (server)', () => {
  function thrownCause(run: () => void): unknown {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('expected a refusal');
  }

  test('clean, empty and missing fields pass', () => {
    expect(() => assertNoContactDetails({ title: 'Zenit-E 1978年', description: '价格 ¥1380', tags: null, note: undefined, empty: '' })).not.toThrow();
  });

  test('names every offending field, comma-separated, in the order given', () => {
    const cause = thrownCause(() => assertNoContactDetails({ title: '加微 collector_99', category: 'goods', description: '电话 138 1234 5678' }));
    expect(cause).toBeInstanceOf(DomainError);
    expect((cause as DomainError).toData()).toEqual({ code: 'CONTACT_INFO_DETECTED', params: { fields: 'title,description' } });
  });
});
