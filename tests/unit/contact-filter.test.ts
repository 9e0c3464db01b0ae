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
  ['加我微信13812345678谢谢', 'wechat', '加我微信13812345678'],
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
  // more numbers as sellers type them
  ['东西在上海，可以自提，电话 139-1234-5678', 'phone', '139-1234-5678'],
  ['急出！！联系 186 0000 1234', 'phone', '186 0000 1234'],
  ['Call or text +86 138 0013 8000', 'phone', '+86 138 0013 8000'],
  ['手机：幺三八 零零幺三 八零零零', 'phone', '幺三八 零零幺三 八零零零'],
  ['银行卡号 6222 0212 3456 7894', 'bank_card', '6222 0212 3456 7894'],
  // emoji and other-script digits
  ['1️⃣3️⃣8️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣', 'phone', '1️⃣3️⃣8️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣'],
  ['打我 1⃣3⃣9⃣1⃣2⃣3⃣4⃣5⃣6⃣7⃣8⃣', 'phone', '1⃣3⃣9⃣1⃣2⃣3⃣4⃣5⃣6⃣7⃣8⃣'],
  ['❶❸❽❶❷❸❹❺❻❼❽', 'phone', '❶❸❽❶❷❸❹❺❻❼❽'],
  ['➀➂➇➀➁➂➃➄➅➆➇', 'phone', '➀➂➇➀➁➂➃➄➅➆➇'],
  ['电话 ⓵⓷⓼⓵⓶⓷⓸⓹⓺⓻⓼', 'phone', '⓵⓷⓼⓵⓶⓷⓸⓹⓺⓻⓼'],
  ['手机 ١٣٨١٢٣٤٥٦٧٨', 'phone', '١٣٨١٢٣٤٥٦٧٨'],
  ['qq 8️⃣8️⃣8️⃣8️⃣6️⃣6️⃣6️⃣6️⃣', 'qq', 'qq 8️⃣8️⃣8️⃣8️⃣6️⃣6️⃣6️⃣6️⃣'],
  ['扣扣 ⑧⑧⑧⑧⑥⑥⑥⑥', 'qq', '扣扣 ⑧⑧⑧⑧⑥⑥⑥⑥'],
  // numbers split by brackets
  ['138(1234)5678', 'phone', '138(1234)5678'],
  ['(138)1234(5678)', 'phone', '138)1234(5678'],
  ['【138】【1234】【5678】', 'phone', '138】【1234】【5678'],
  ['电话 [138] [1234] [5678]', 'phone', '138] [1234] [5678'],
  ['⑴⑶⑻⑴⑵⑶⑷⑸⑹⑺⑻', 'phone', '⑴⑶⑻⑴⑵⑶⑷⑸⑹⑺⑻'],
  ['qq （1234）（5678）', 'qq', 'qq （1234）（5678'],
  // a channel word with no id after it, when it invites the reader to leave
  ['东西还在，加我微信详聊', 'wechat', '加我微信详聊'],
  ['有意者加微信，非诚勿扰', 'wechat', '加微信'],
  ['价格好商量，私我vx', 'wechat', '私我vx'],
  ['有意 v信', 'wechat', 'v信'],
  ['细节图V信发你', 'wechat', 'V信发你'],
  ['薇信联系我', 'wechat', '薇信联系'],
  ['感兴趣的vx详聊', 'wechat', 'vx详聊'],
  ['走平台手续费高，wx聊吧', 'wechat', 'wx聊'],
  ['具体成色微信联系', 'wechat', '微信联系'],
  ['手机号微信同号', 'wechat', '微信同号'],
  ['V见主页', 'wechat', 'V见主页'],
  ['联系方式：微信看我主页', 'wechat', '微信看我主页'],
  ['嫌麻烦可以加卫星', 'wechat', '加卫星'],
  ['留个绿泡泡，发实拍给你', 'wechat', '留个绿泡泡'],
  ['微❤联系', 'wechat', '微❤联系'],
  ['v❤详聊', 'wechat', 'v❤详聊'],
  ['加V详聊', 'wechat', '加V详聊'],
  ['Add me on WeChat for more photos', 'wechat', 'Add me on WeChat'],
  ['wechat me for details', 'wechat', 'wechat me'],
  ['留个扣扣，晚上联系', 'qq', '留个扣扣'],
  ['有问题qq联系', 'qq', 'qq联系'],
  ['扣扣私聊看实物', 'qq', '扣扣私聊'],
  ['加QQ发视频', 'qq', '加QQ'],
  ['企鹅联系', 'qq', '企鹅联系'],
  // the id before the word
  ['lin_shop88 是我微信', 'wechat', 'lin_shop88 是我微信'],
  ['12345678 是我QQ', 'qq', '12345678 是我QQ'],
  ['abc_123（微信）', 'wechat', 'abc_123（微信）'],
  ['88886666 qq号', 'qq', '88886666 qq号'],
  ['88886666扣扣', 'qq', '88886666扣扣'],
  ['lin_shop88 vx', 'wechat', 'lin_shop88 vx'],
  ['retro_lin2026 ← 微信', 'wechat', 'retro_lin2026 ← 微信'],
  ['876543210 就是我的扣扣', 'qq', '876543210 就是我的扣扣'],
  ['小号 lin_shop88（V信）', 'wechat', 'lin_shop88（V信）'],
  // an id split by spaces
  ['微信 l i n s h o p 8 8', 'wechat', '微信 l i n s h o p 8 8'],
  ['微信 lin shop 88', 'wechat', '微信 lin shop 88'],
  ['vx: l i n _ s h o p', 'wechat', 'vx: l i n _ s h o p'],
  ['qq 1234 5678', 'qq', 'qq 1234 5678'],
  ['威信 lin 2026 shop', 'wechat', '威信 lin 2026 shop'],
  ['加微 l i n 8 8 6 6', 'wechat', '加微 l i n 8 8 6 6'],
  // letters from other scripts that look like Latin ones
  ['ԛԛ 12345678', 'qq', 'ԛԛ 12345678'],
  ['ѵх lin_shop88', 'wechat', 'ѵх lin_shop88'],
  ['νχ: lin_shop88', 'wechat', 'νχ: lin_shop88'],
  ['√信 lin_shop88', 'wechat', '√信 lin_shop88'],
  ['🇶🇶 12345678', 'qq', '🇶🇶 12345678'],
  ['Ѵ信联系', 'wechat', 'Ѵ信联系'],
  ['ⓆⓆ：88886666', 'qq', 'ⓆⓆ：88886666'],
  ['𝐐𝐐 88886666', 'qq', '𝐐𝐐 88886666'],
  ['wеchat: lin_shop88', 'wechat', 'wеchat: lin_shop88'],
  // more WeChat and QQ spellings with an id
  ['喜欢的话 + V: lin_vintage', 'wechat', '+ V: lin_vintage'],
  ['V：lin_vintage 备注来自Curio', 'wechat', 'V：lin_vintage'],
  ['加我VX：lin2026', 'wechat', '加我VX：lin2026'],
  ['威信号 lin_2026', 'wechat', '威信号 lin_2026'],
  ['溦信 linshop88', 'wechat', '溦信 linshop88'],
  ['魏信：lin_shop', 'wechat', '魏信：lin_shop'],
  ['WeiXin: lin_shop', 'wechat', 'WeiXin: lin_shop'],
  ['wei xin lin_shop88', 'wechat', 'wei xin lin_shop88'],
  ['我的扣扣是 幺二三四五六七八', 'qq', '扣扣是 幺二三四五六七八'],
  ['Q Q 号：12345678', 'qq', 'Q Q 号：12345678'],
  ['球球：12345678', 'qq', '球球：12345678'],
  ['qq：12345678 备注闲置', 'qq', 'qq：12345678'],
  // the other apps sellers leave through
  ['telegram: @lin_shop', 'other_app', 'telegram: @lin_shop'],
  ['tg: lin_shop88', 'other_app', 'tg: lin_shop88'],
  ['加tg详聊', 'other_app', '加tg详聊'],
  ['WhatsApp +44 7911 123456', 'other_app', 'WhatsApp +44 7911 123456'],
  ['WhatsApp: +852 9123 4567', 'other_app', 'WhatsApp: +852 9123 4567'],
  ['whatsapp me', 'other_app', 'whatsapp me'],
  ['add me on WhatsApp', 'other_app', 'add me on WhatsApp'],
  ['Escríbeme por WhatsApp', 'other_app', 'Escríbeme por WhatsApp'],
  ['LINE ID: lin_shop です', 'other_app', 'LINE ID: lin_shop'],
  ['LINE：lin.shop', 'other_app', 'LINE：lin.shop'],
  ['加line', 'other_app', '加line'],
  ['line: lin_shop88', 'other_app', 'line: lin_shop88'],
  ['message me on line', 'other_app', 'message me on line'],
  ['小红书号 123456789', 'other_app', '小红书号 123456789'],
  ['抖音号：lin_shop88', 'other_app', '抖音号：lin_shop88'],
  ['抖音搜 lin_shop88', 'other_app', '抖音搜 lin_shop88'],
  ['关注我抖音', 'other_app', '关注我抖音'],
  ['抖音私信', 'other_app', '抖音私信'],
  ['小红书找我', 'other_app', '小红书找我'],
  ['联系我小红书', 'other_app', '联系我小红书'],
  ['加飞机', 'other_app', '加飞机'],
  ['纸飞机 @lin_shop', 'other_app', '纸飞机 @lin_shop'],
  ['dm me on telegram', 'other_app', 'dm me on telegram'],
  ['电报 @vintage_lin', 'other_app', '电报 @vintage_lin'],
  ['Telegram 联系更快', 'other_app', 'Telegram 联系'],
  ['lin_shop88（telegram）', 'other_app', 'lin_shop88（telegram）'],
  // e-mail, links and Alipay as sellers write them
  ['email: lin dot shop at gmail dot com', 'email', 'lin dot shop at gmail dot com'],
  ['邮箱 lin_shop＠163．com', 'email', 'lin_shop＠163．com'],
  ['contact: lin.collects(at)outlook(dot)com', 'email', 'lin.collects(at)outlook(dot)com'],
  ['淘宝链接 https://item.taobao.com/item.htm?id=123', 'url', 'https://item.taobao.com/item.htm?id=123'],
  ['more pics on instagram.com/lin_shop', 'url', 'instagram.com/lin_shop'],
  ['wa.me/447911123456', 'url', 'wa.me/447911123456'],
  ['t.me/lin_shop', 'url', 't.me/lin_shop'],
  ['支付宝：lin_pay@163.com', 'alipay', '支付宝：lin_pay@163.com'],
  ['付款走支付宝 lin_pay2026', 'alipay', '支付宝 lin_pay2026'],
  // an id glued to an e-mail address: the whole address goes, not its local part alone
  ['qq 12345678@qq.com', 'qq', 'qq 12345678@qq.com'],
  ['微信 lin_shop@example.com', 'wechat', '微信 lin_shop@example.com'],
  // WeChat homophones, nicknames and spellings, from contact-words.json
  ['嘉薇 lin_vintage88', 'wechat', '嘉薇 lin_vintage88'],
  ['有意者嘉薇详聊', 'wechat', '嘉薇详聊'],
  ['薇❤ lin88shop 看更多款', 'wechat', '薇❤ lin88shop'],
  ['加我绿泡泡，发你实拍视频', 'wechat', '加我绿泡泡'],
  ['绿泡泡：oldcam_lin', 'wechat', '绿泡泡：oldcam_lin'],
  ['the green app: lin_vintage88', 'wechat', 'the green app: lin_vintage88'],
  ['Hit me up on the green app', 'wechat', 'Hit me up on the green app'],
  ['V💚：lin_2023', 'wechat', 'V💚：lin_2023'],
  ['手机号微同号', 'wechat', '微同号'],
  ['卫星号 lin_2019', 'wechat', '卫星号 lin_2019'],
  ['微.信：collector_lin', 'wechat', '微.信：collector_lin'],
  ['加个薇，备注Curio', 'wechat', '加个薇'],
  ['微信搜一搜 lin_vintage88', 'wechat', '微信搜一搜 lin_vintage88'],
  // QQ's penguin, groups and bare label; Alipay with a transfer verb
  ['🐧 2233445566 备注相机', 'qq', '🐧 2233445566'],
  ['Q号 88996677', 'qq', 'Q号 88996677'],
  ['QQ群 678901234 进群看货', 'qq', 'QQ群 678901234'],
  ['企鹅号 3344556677', 'qq', '企鹅号 3344556677'],
  ['Q：5566778899', 'qq', 'Q：5566778899'],
  ['支fu宝 lin_pay2024', 'alipay', '支fu宝 lin_pay2024'],
  ['不走平台的话，zfb直接转 lin_pay88', 'alipay', 'zfb直接转 lin_pay88'],
  ['扣扣号：1O2345678', 'qq', '扣扣号：1O2345678'],
  // digits written as letters, radio numerals, words, or split by words; foreign mobiles
  ['电话：l38OOl23456', 'phone', 'l38OOl23456'],
  ['打我 I39-OOI2-3456', 'phone', 'I39-OOI2-3456'],
  ['号码 幺三八 两两四四 五六七八', 'phone', '幺三八 两两四四 五六七八'],
  ['138 1234 call me then 5678', 'phone', '138 1234 call me then 5678'],
  ['前面138中间1234后面5678', 'phone', '138中间1234后面5678'],
  ['text me: one three eight, one two three four, five six seven eight', 'phone', 'one three eight, one two three four, five six seven eight'],
  ['연락처 공일공 일이삼사 오육칠팔', 'phone', '공일공 일이삼사 오육칠팔'],
  ['電話 0912-345-678', 'phone', '0912-345-678'],
  ['전화 010-1234-5678', 'phone', '010-1234-5678'],
  ['携帯 080 1234 5678 までどうぞ', 'phone', '080 1234 5678'],
  // app link schemes, spelled and provider-only e-mail addresses
  ['weixin://dl/chat?lin_vintage', 'wechat', 'weixin://dl/chat?lin_vintage'],
  ['mail me at alex.tinker@example.com', 'email', 'alex.tinker@example.com'],
  ['邮箱：lin_shop艾特163点com', 'email', 'lin_shop艾特163点com'],
  ['发我邮箱 linshop88@qq', 'email', '邮箱 linshop88@qq'],
  ['mi correo es alex.tinker arroba gmail punto com', 'email', 'alex.tinker arroba gmail punto com'],
  ['メール：lin_vintage アットマーク yahoo.co.jp', 'email', 'lin_vintage アットマーク yahoo.co.jp'],
  // other apps and English, Spanish, Korean phrasing
  ['카톡 아이디 linvintage88', 'other_app', '카톡 아이디 linvintage88'],
  ['mándame un whats al 612345678', 'other_app', 'whats al 612345678'],
  ['加我賴 lin_shop88', 'other_app', '加我賴 lin_shop88'],
  ['my wechat is lin_vintage88', 'wechat', 'wechat is lin_vintage88'],
  ['lin_vintage88 on insta for more pics', 'other_app', 'lin_vintage88 on insta'],
  ['Find me on WeChat, ID is linvintage88', 'wechat', 'Find me on WeChat, ID is linvintage88'],
  ['抖音搜 lin.vintage.cam', 'other_app', '抖音搜 lin.vintage.cam'],
  ['加我 LINE：lin0912', 'other_app', '加我 LINE：lin0912'],
  ['Escríbeme por WhatsApp al 612 345 678', 'other_app', 'Escríbeme por WhatsApp al 612 345 678'],
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
  // payment words, app names and lookalike words in honest text
  '微信支付宝都可以',
  '支持微信、支付宝付款',
  'Apple Pay / 微信支付 / 支付宝均可',
  '30000 企鹅玩偶',
  'VX 750 相机',
  'Sony DSC-WX350 卡片机',
  '抖音同款 2024 新款',
  '小红书爆款发夹，ins 风',
  '小红书上很火的款',
  '在抖音上看到的同款',
  'Line 6 Spider V 60 音箱',
  'The line between art and design',
  'Vintage telegram from 1920, framed',
  '1920年代老电报，品相好',
  '飞机模型 1:72 歼-20',
  '纸飞机折纸教程书',
  '很有威信的老字号',
  '微芯片 ATmega328P 开发板',
  '添加微量元素的营养土',
  '请微笑面对生活 明信片',
  '微信聊天记录导出工具',
  '出售 QQ号 八位靓号',
  '5000 QQ币 点卡',
  'QQ 飞车 实体卡',
  // sizes, models and numbers in brackets
  'V领毛衣 M 码',
  '尺寸 S M L XL 都有',
  '尺码 42 (UK 8 / US 9)',
  '胸围 96 腰围 78 臀围 100',
  '3 x 5 x 8 cm',
  '容量 128GB/256GB/512GB',
  '型号 A2848 (2023)',
  'iPhone 15 Pro (A3102) 256GB',
  'OPPO Find X7 (PHZ110)',
  '小米 14 Ultra 16GB+1TB',
  'vivo X100 Pro 16+512',
  'Canon EOS R5 (45MP)',
  'Seiko 5 (SNK809) 37mm',
  'Rolex 16610 (2008) 全套',
  '主板 ASUS B650-PLUS WIFI',
  '版本 v2.0.1 (build 1234)',
  // prices, dates, references
  '价格 ¥1,380（含运费）',
  '2026年11月21日 (周六) 发货',
  '保修至 2027-06-30',
  '批次号 2024(11)08',
  '限量编号 0138/1000',
  '第 1 2 3 4 5 期合售',
  'ISBN 978-7-5442-9116-4',
  'ISBN: 9787544291164',
  '顺丰单号 SF1234567890123',
  '快递单号 YT8812345678901',
  '中通快递 78901234567890',
  '京东 E卡 面值 500',
  '坐标上海，可小区自提',
  // near misses of the slang rules (ADR 0034)
  'Lot 138, bid 1234, hammer 5678',
  '库存 138 件，单价 1234 元，已售 5678 件',
  '卫星 20240315 发射纪念封',
  'Q: 10000 起订吗？',
  'talla 38 o 39, precio 1380 o 1400',
  '绿色软件，免安装，U盘可用',
  'QQ糖 10 包',
  'WeChat is popular in China',
  'Also available with WeChat Pay and Alipay',
  '型号 010-1234-5678 的配件',
  'SONY A7R IV ILCE-7RM4',
  'Leica M6 TTL 0.72',
];

describe('findContactDetails: hits (rule C-4)', () => {
  test('the table is large enough to pin the rules', () => {
    expect(SINGLE_HITS.length).toBeGreaterThanOrEqual(150);
    expect(CLEAN_TEXTS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(SINGLE_HITS.map(([text]) => text)).size).toBe(SINGLE_HITS.length);
    expect(new Set(CLEAN_TEXTS).size).toBe(CLEAN_TEXTS.length);
  });

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

  test('an e-mail address glued to an id is masked whole, its domain too', () => {
    expect(maskContactDetails('qq 12345678@qq.com 谢谢', '[***]')).toBe('[***] 谢谢');
    expect(maskContactDetails('微信 lin_shop@example.com', '[***]')).toBe('[***]');
  });

  test('an e-mail address is masked whole, the domain too, when a spelled "at" comes before it', () => {
    const masked = maskContactDetails('mail me at alex.tinker@example.com', '[***]');
    expect(masked).toBe('mail me at [***]');
    for (const part of ['alex', 'tinker', 'example', '.com', '@']) expect(masked).not.toContain(part);
    expect(maskContactDetails('my mail: alex dot tinker at example dot com, thanks', '[***]')).toBe('my mail: [***], thanks');
  });

  test('a number split by words is masked from its first piece to its last', () => {
    expect(maskContactDetails('前面138中间1234后面5678，谢谢')).toBe('前面***，谢谢');
    expect(maskContactDetails('138 1234 call me then 5678')).toBe('***');
  });

  test('a number with letters for digits is masked where it was typed', () => {
    expect(maskContactDetails('电话：l38OOl23456 晚上打')).toBe('电话：*** 晚上打');
  });

  test('a keycap number is masked with its marks', () => {
    expect(maskContactDetails('打 1️⃣3️⃣8️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣ 找我')).toBe('打 *** 找我');
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
