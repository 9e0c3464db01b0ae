import { sql } from 'kysely';
import sharp from 'sharp';
import { BRAND, displayRedeemCode, formatCents, type Language } from '@curio/shared';
import type { AppServices } from '../app-services.ts';
import { runInTransaction } from './transaction.ts';
import { createUserWithProfile } from '../domain/accounts/create-user.ts';
import { transfer } from '../domain/ledger/index.ts';
import { storageFor } from '../storage/storage-for.ts';
import { STORED_IMAGE_CONTENT_TYPE, newUploadKey } from '../storage/keys.ts';
import { generateRechargeCodes } from '../domain/wallet/recharge-codes/generate-codes.ts';

export interface DemoLogin {
  role: 'admin' | 'member';
  email: string;
  password: string;
}

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('refusing to seed: this database already has users (the demo seed only fills an empty database)');
    this.name = 'DatabaseNotEmptyError';
  }
}

const ADMIN_PASSWORD = 'curio-admin-2026';
const MEMBER_PASSWORD = 'curio-demo-2026';
/** Every demo account starts with 500.00 USDN and 20 points, so buying works at once. */
const DEMO_USDN_CENTS = 50_000;
const DEMO_POINTS = 20;
const REQUEST_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A few single-use recharge codes, so the top-up screen can be tried at once. */
const DEMO_CODE_COUNT = 5;
const DEMO_CODE_CENTS = 10_000;

type MemberHandle = 'lin' | 'mika' | 'alex' | 'sofia';

interface DemoAccount {
  handle: MemberHandle | 'admin';
  email: string;
  password: string;
  nickname: string;
  language: Language;
}

const ACCOUNTS: DemoAccount[] = [
  { handle: 'admin', email: 'admin@curio.demo', password: ADMIN_PASSWORD, nickname: `${BRAND} 客服`, language: 'zh-CN' },
  { handle: 'lin', email: 'lin@curio.demo', password: MEMBER_PASSWORD, nickname: '林间拾遗', language: 'zh-CN' },
  { handle: 'mika', email: 'mika@curio.demo', password: MEMBER_PASSWORD, nickname: 'ミカの古道具屋', language: 'ja' },
  { handle: 'alex', email: 'alex@curio.demo', password: MEMBER_PASSWORD, nickname: 'Alex the Tinkerer', language: 'en' },
  { handle: 'sofia', email: 'sofia@curio.demo', password: MEMBER_PASSWORD, nickname: 'Sofía Rarezas', language: 'es' },
];

export type Motif = 'lens' | 'vinyl' | 'orbs' | 'keys' | 'meteorite' | 'tea' | 'brush' | 'stars' | 'seal' | 'watch' | 'books' | 'blade';

interface DemoListing {
  seller: MemberHandle;
  title: string;
  description: string;
  category: 'goods' | 'service';
  tags: string[];
  priceCents: number;
  originalPriceCents?: number;
  unit: 'piece' | 'item' | 'set' | 'book' | 'sheet' | 'copy';
  quantity: number;
  warrantyDays: 0 | 7 | 15 | 30;
  /** Popularity: how many of the other demo members like / favourite it (rows, not a bare count). */
  likes: number;
  favorites: number;
  views: number;
  anonymous?: boolean;
  motif: Motif;
  /** Background from, background to, motif colour. */
  palette: [string, string, string];
  imageCount: 1 | 2 | 3;
  hoursAgo: number;
}

const LISTINGS: DemoListing[] = [
  {
    seller: 'lin',
    title: '苏联 Zenit-E 胶片单反相机（1978年产，附 Helios-44 镜头）',
    description:
      '家中长辈留下的 Zenit-E，快门各档实测正常，测光表仍有反应。随机附赠 Helios-44-2 58mm f/2 镜头，旋转焦外名不虚传。机身有使用痕迹，取景器干净无霉。适合喜欢老机械手感的朋友。',
    category: 'goods',
    tags: ['#胶片相机', '#苏联', '#复古'],
    priceCents: 8_800,
    originalPriceCents: 12_000,
    unit: 'piece',
    quantity: 1,
    warrantyDays: 7,
    likes: 42,
    favorites: 18,
    views: 310,
    motif: 'lens',
    palette: ['#1d2433', '#4a5670', '#e8b04a'],
    imageCount: 3,
    hoursAgo: 2,
  },
  {
    seller: 'mika',
    title: '昭和时代渔用玻璃浮球（三只装，手吹气泡玻璃）',
    description: '来自北海道小樽的旧渔网浮球，昭和三十年代手工吹制，玻璃里有细小气泡，原装麻绳网兜保留。三只尺寸略有差别，放在窗边会把阳光折成淡绿色。',
    category: 'goods',
    tags: ['#昭和', '#玻璃浮球', '#日本古道具'],
    priceCents: 6_500,
    unit: 'set',
    quantity: 2,
    warrantyDays: 0,
    likes: 27,
    favorites: 11,
    views: 164,
    motif: 'orbs',
    palette: ['#0f3d3e', '#1f7a7a', '#b8f2e6'],
    imageCount: 2,
    hoursAgo: 5,
  },
  {
    seller: 'alex',
    title: 'IBM Model M 1391401 机械键盘（1989年，屈曲弹簧轴）',
    description:
      '经典的「屈曲弹簧」手感，每一下都清脆有回弹。已整把拆洗，键帽为原装双色注塑，字符不会磨掉。附 PS/2 转 USB 主动转换器，插上即用。重约 2.3 公斤，打字像在敲打历史。',
    category: 'goods',
    tags: ['#机械键盘', '#IBM', '#屈曲弹簧'],
    priceCents: 15_900,
    originalPriceCents: 19_900,
    unit: 'piece',
    quantity: 1,
    warrantyDays: 30,
    likes: 88,
    favorites: 35,
    views: 702,
    motif: 'keys',
    palette: ['#2d2a26', '#5b554c', '#d9d2c5'],
    imageCount: 2,
    hoursAgo: 9,
  },
  {
    seller: 'sofia',
    title: '坎波德谢洛铁陨石切片（约 48 克，附鉴定卡）',
    description:
      '来自阿根廷查科省的坎波德谢洛铁陨石，切面经抛光与酸蚀，可以看到细密的金属结晶纹理。附产地鉴定卡与亚克力展示盒。每一片纹理都独一无二，图片为同批次实物。',
    category: 'goods',
    tags: ['#陨石', '#天文收藏', '#矿物标本'],
    priceCents: 23_000,
    unit: 'piece',
    quantity: 3,
    warrantyDays: 0,
    likes: 61,
    favorites: 29,
    views: 455,
    motif: 'meteorite',
    palette: ['#141414', '#3a3a44', '#b9b9c8'],
    imageCount: 3,
    hoursAgo: 14,
  },
  {
    seller: 'lin',
    title: '2006年 易武古树普洱生茶 357克（干仓存放）',
    description: '云南易武山头古树料，2006年春茶压制，一直在广州干仓存放，无杂味。汤色已转为明亮的橙黄，入口蜜香明显，回甘持久。整饼未拆，棉纸与内飞完好。',
    category: 'goods',
    tags: ['#普洱', '#古树茶', '#老茶'],
    priceCents: 4_200,
    originalPriceCents: 5_000,
    unit: 'piece',
    quantity: 5,
    warrantyDays: 0,
    likes: 19,
    favorites: 23,
    views: 198,
    motif: 'tea',
    palette: ['#3b2414', '#7a4a26', '#e9c48a'],
    imageCount: 2,
    hoursAgo: 20,
  },
  {
    seller: 'lin',
    title: '手写毛笔书法春联定制（洒金宣纸，含横批）',
    description:
      '楷书或行书任选，可按您的姓名、店名或家中情况撰写联语。洒金红宣纸，上联、下联各 130 厘米，含横批与福字一张。落款钤印后卷筒寄出，从下单到寄出约五天。',
    category: 'service',
    tags: ['#书法', '#春联', '#定制'],
    priceCents: 1_800,
    unit: 'copy',
    quantity: 20,
    warrantyDays: 0,
    likes: 33,
    favorites: 9,
    views: 241,
    motif: 'brush',
    palette: ['#7c1010', '#b3261e', '#f4d27a'],
    imageCount: 1,
    hoursAgo: 26,
  },
  {
    seller: 'alex',
    title: '定制星图：你出生那晚的夜空（A3 艺术微喷）',
    description:
      '告诉我一个日期和城市，我会按当晚真实的星空位置绘制星图，标出主要星座与月相，并写上一句你想留下的话。A3 尺寸，博物馆级艺术纸微喷，可选是否装裱。适合生日、纪念日与新生儿礼物。',
    category: 'service',
    tags: ['#星图', '#纪念日', '#定制礼物'],
    priceCents: 2_600,
    unit: 'sheet',
    quantity: 50,
    warrantyDays: 0,
    likes: 120,
    favorites: 64,
    views: 980,
    motif: 'stars',
    palette: ['#070b24', '#1b2a6b', '#fff4c2'],
    imageCount: 2,
    hoursAgo: 31,
  },
  {
    seller: 'mika',
    title: '黑胶唱片数字化转录（24bit/96kHz，含除噪修复）',
    description:
      '用 Technics 唱机与专业声卡把您的黑胶唱片转成高解析度音频，逐轨分割、标注曲名，并做轻度除噪与爆音修复，保留原汁原味。每张唱片按一面计价，唱片全程妥善保管后寄回。',
    category: 'service',
    tags: ['#黑胶', '#数字化', '#音频修复'],
    priceCents: 1_200,
    unit: 'item',
    quantity: 30,
    warrantyDays: 15,
    likes: 15,
    favorites: 7,
    views: 133,
    motif: 'vinyl',
    palette: ['#1a1423', '#3d2c55', '#f25f5c'],
    imageCount: 1,
    hoursAgo: 40,
  },
  {
    seller: 'sofia',
    title: '手工火漆印章套装（黄铜印头，可刻首字母）',
    description:
      '西班牙托莱多老作坊出品的黄铜印头，胡桃木手柄，可免费刻一个首字母。套装含印章、六色火漆粒、融蜡勺与小蜡烛。写一封手写信，再压上一枚属于自己的印记。',
    category: 'goods',
    tags: ['#火漆', '#手工', '#文具'],
    priceCents: 3_500,
    originalPriceCents: 4_200,
    unit: 'set',
    quantity: 8,
    warrantyDays: 30,
    likes: 54,
    favorites: 40,
    views: 377,
    motif: 'seal',
    palette: ['#2e1a12', '#6b3a24', '#c9302c'],
    imageCount: 3,
    hoursAgo: 52,
  },
  {
    seller: 'alex',
    title: '古董机械怀表清洗保养（含走时校准）',
    description:
      '二十年维修经验，擅长瑞士与美国老怀表。服务包括机芯拆解清洗、上油、摆轮校准与走时测试，报价前会先拍照说明状况。完成后附走时记录，保养后十五天内走时异常免费复修。',
    category: 'service',
    tags: ['#怀表', '#钟表维修', '#机械表'],
    priceCents: 6_800,
    unit: 'item',
    quantity: 10,
    warrantyDays: 15,
    likes: 22,
    favorites: 14,
    views: 189,
    motif: 'watch',
    palette: ['#1f1b12', '#5c4a1f', '#f0d28a'],
    imageCount: 2,
    hoursAgo: 65,
  },
  {
    seller: 'sofia',
    title: '1983年初版《故宫博物院藏画》精装画册',
    description: '八十年代初版精装本，布面烫金，内页彩色图版保存良好，无缺页无划线，书脊有轻微褪色。收录宋元明清名家画作百余幅，是研究与收藏兼得的好版本。',
    category: 'goods',
    tags: ['#绝版书', '#画册', '#收藏'],
    priceCents: 9_900,
    unit: 'book',
    quantity: 1,
    warrantyDays: 0,
    likes: 37,
    favorites: 31,
    views: 264,
    anonymous: true,
    motif: 'books',
    palette: ['#223322', '#4f6b4f', '#e0c068'],
    imageCount: 1,
    hoursAgo: 80,
  },
  {
    seller: 'mika',
    title: '大马士革钢手工锻造厨刀（67层，刃长210毫米）',
    description:
      '岐阜关市匠人手工锻打，67 层大马士革钢包裹 VG-10 钢芯，刃面流水纹清晰。八角栗木柄，附桐木刀盒。出厂已开刃，锋利度可轻松切开番茄皮。仅售成年人，请妥善保管。',
    category: 'goods',
    tags: ['#大马士革钢', '#手工锻造', '#厨刀'],
    priceCents: 18_800,
    originalPriceCents: 22_000,
    unit: 'piece',
    quantity: 2,
    warrantyDays: 30,
    likes: 73,
    favorites: 52,
    views: 611,
    motif: 'blade',
    palette: ['#10151c', '#34404f', '#cfd8e3'],
    imageCount: 3,
    hoursAgo: 96,
  },
];

interface DemoBuyingRequest {
  requester: MemberHandle;
  title: string;
  description: string;
  category: 'goods' | 'service' | null;
  tags: string[];
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  likes: number;
  favorites: number;
  views: number;
  hoursAgo: number;
}

const BUYING_REQUESTS: DemoBuyingRequest[] = [
  {
    requester: 'alex',
    title: '求购：任天堂 Game & Watch 原装掌机（八十年代）',
    description: '想收一台八十年代的 Game & Watch，双屏款优先（如大金刚），能正常开机即可，外观有磨损没关系。有原盒更好，请附实拍图与开机画面。',
    category: 'goods',
    tags: ['#任天堂', '#掌机', '#怀旧游戏'],
    budgetMinCents: 5_000,
    budgetMaxCents: 20_000,
    likes: 12,
    favorites: 6,
    views: 88,
    hoursAgo: 3,
  },
  {
    requester: 'lin',
    title: '寻找能修复老照片的师傅（黑白上色也可）',
    description: '家里有十几张五六十年代的老照片，有折痕和霉点。希望修复划痕并适度上色，保留原来的质感，不要过度磨皮。请先发一张修复前后的作品看看。',
    category: 'service',
    tags: ['#老照片', '#修复', '#上色'],
    budgetMinCents: 2_000,
    budgetMaxCents: 8_000,
    likes: 9,
    favorites: 4,
    views: 61,
    hoursAgo: 11,
  },
  {
    requester: 'mika',
    title: '求一本五十年代《新华字典》早期版本',
    description: '研究汉字字形变化用，想找 1953 到 1959 年间印刷的《新华字典》，品相一般即可，但不能缺页。预算可以谈，有版权页照片最好。',
    category: 'goods',
    tags: ['#旧书', '#字典', '#收藏'],
    budgetMinCents: 3_000,
    budgetMaxCents: null,
    likes: 5,
    favorites: 3,
    views: 40,
    hoursAgo: 22,
  },
  {
    requester: 'sofia',
    title: '收集各国旧火车票，数量不限',
    description: '在做一本「铁路上的世界」拼贴册，收各个国家、各个年代的纸质火车票，硬纸板票尤其欢迎。单张或整批都可以，请说明国家与大概年份。',
    category: null,
    tags: ['#火车票', '#票证收藏'],
    budgetMinCents: null,
    budgetMaxCents: null,
    likes: 18,
    favorites: 10,
    views: 102,
    hoursAgo: 34,
  },
  {
    requester: 'alex',
    title: '求代收京都古寺御朱印（需原件寄送）',
    description: '下个月无法亲自去京都，想请正在当地的朋友帮忙到清水寺、伏见稻荷与金阁寺求御朱印，我提供御朱印帐费用另计。希望是当日现场书写的原件。',
    category: 'service',
    tags: ['#御朱印', '#京都', '#代购'],
    budgetMinCents: null,
    budgetMaxCents: 10_000,
    likes: 7,
    favorites: 2,
    views: 55,
    hoursAgo: 47,
  },
];

/**
 * Fills an empty database with a small, believable marketplace (engineering rule E-2: `npm start`
 * on a fresh machine shows something): an admin, four members writing in different languages,
 * listings with generated images, open buying requests, and starting balances moved through
 * the ledger like any other money. Refuses a database that already has users.
 */
export async function seedDemoMarketplace(services: AppServices): Promise<DemoLogin[]> {
  if (await hasUsers(services)) throw new DatabaseNotEmptyError();

  const storage = storageFor(services);
  const now = services.clock.now();
  const storedKeys: string[] = [];
  let demoCodes: string[] = [];
  try {
    const listingImages: string[][] = [];
    for (const listing of LISTINGS) {
      const keys: string[] = [];
      for (let index = 0; index < listing.imageCount; index++) {
        const key = newUploadKey('listing', now);
        await storage.put(key, await renderDemoImage(listing.motif, listing.palette, index), STORED_IMAGE_CONTENT_TYPE);
        storedKeys.push(key);
        keys.push(key);
      }
      listingImages.push(keys);
    }

    await runInTransaction(services.db, async (trx) => {
      // checked again inside the transaction: two seeds started together must not both fill it
      if (await hasUsers({ db: trx })) throw new DatabaseNotEmptyError();
      const ids = new Map<DemoAccount['handle'], string>();
      for (const account of ACCOUNTS) {
        const userId = await createUserWithProfile(trx, {
          email: account.email,
          password: account.password,
          nickname: account.nickname,
          language: account.language,
          emailVerified: true,
        });
        ids.set(account.handle, userId);
        if (account.handle === 'admin') await trx.insertInto('user_roles').values({ user_id: userId, role: 'admin' }).execute();
        await transfer(trx, {
          currency: 'usdn',
          from: { system: 'issuance' },
          to: { user: userId },
          amount: DEMO_USDN_CENTS,
          kind: 'demo_seed',
        });
        await transfer(trx, {
          currency: 'points',
          from: { system: 'rewards' },
          to: { user: userId },
          amount: DEMO_POINTS,
          kind: 'demo_seed',
        });
      }
      // random like any generated batch (never fixed strings a public demo would leak)
      const codes = await generateRechargeCodes(trx, {
        count: DEMO_CODE_COUNT,
        valueCents: DEMO_CODE_CENTS,
        batchName: 'Demo',
        expiresAt: null,
        createdBy: ids.get('admin') ?? null,
        now,
      });
      demoCodes = codes.map((code) => displayRedeemCode(code.code));
      const idOf = (handle: MemberHandle): string => {
        const id = ids.get(handle);
        if (!id) throw new Error(`demo seed: no account ${handle}`);
        return id;
      };

      const listingRows = await trx
        .insertInto('listings')
        .values(
          LISTINGS.map((listing, index) => ({
            seller_id: idOf(listing.seller),
            title: listing.title,
            description: listing.description,
            category: listing.category,
            tags: listing.tags,
            images: listingImages[index] ?? [],
            price_cents: listing.priceCents,
            original_price_cents: listing.originalPriceCents ?? null,
            unit: listing.unit,
            quantity: listing.quantity,
            warranty_days: listing.warrantyDays,
            status: 'available',
            review_status: 'approved',
            is_anonymous: listing.anonymous ?? false,
            view_count: listing.views,
            created_at: hoursBefore(now, listing.hoursAgo),
            updated_at: hoursBefore(now, listing.hoursAgo),
          })),
        )
        .returning(['id', 'seller_id'])
        .execute();

      const requestRows = await trx
        .insertInto('buying_requests')
        .values(
          BUYING_REQUESTS.map((request) => ({
            user_id: idOf(request.requester),
            title: request.title,
            description: request.description,
            category: request.category,
            tags: request.tags,
            budget_min_cents: request.budgetMinCents,
            budget_max_cents: request.budgetMaxCents,
            status: 'open',
            view_count: request.views,
            created_at: hoursBefore(now, request.hoursAgo),
            expires_at: new Date(hoursBefore(now, request.hoursAgo).getTime() + REQUEST_LIFETIME_MS),
          })),
        )
        .returning(['id', 'user_id'])
        .execute();

      // Counts are the rows behind them (the social toggles recount from rows), so the demo's
      // popular items get real likes and favourites from the other demo members.
      const memberIds = [...ids.values()];
      const fans = (ownerId: string, popularity: number, perFan: number) =>
        memberIds.filter((id) => id !== ownerId).slice(0, Math.min(memberIds.length - 1, Math.round(popularity / perFan)));
      const listingLikes = listingRows.flatMap((row, index) =>
        fans(row.seller_id, LISTINGS[index]?.likes ?? 0, 25).map((user_id) => ({ user_id, listing_id: row.id })),
      );
      const listingFavorites = listingRows.flatMap((row, index) =>
        fans(row.seller_id, LISTINGS[index]?.favorites ?? 0, 12).map((user_id) => ({ user_id, listing_id: row.id })),
      );
      const requestLikes = requestRows.flatMap((row, index) =>
        fans(row.user_id, BUYING_REQUESTS[index]?.likes ?? 0, 4).map((user_id) => ({ user_id, request_id: row.id })),
      );
      const requestFavorites = requestRows.flatMap((row, index) =>
        fans(row.user_id, BUYING_REQUESTS[index]?.favorites ?? 0, 3).map((user_id) => ({ user_id, request_id: row.id })),
      );
      if (listingLikes.length) await trx.insertInto('listing_likes').values(listingLikes).execute();
      if (listingFavorites.length) await trx.insertInto('user_favorites').values(listingFavorites).execute();
      if (requestLikes.length) await trx.insertInto('buying_request_likes').values(requestLikes).execute();
      if (requestFavorites.length) await trx.insertInto('buying_request_favorites').values(requestFavorites).execute();
      await sql`
        UPDATE listings l SET
          likes_count = (SELECT count(*) FROM listing_likes x WHERE x.listing_id = l.id),
          favorites_count = (SELECT count(*) FROM user_favorites x WHERE x.listing_id = l.id)
      `.execute(trx);
      await sql`
        UPDATE buying_requests r SET
          likes_count = (SELECT count(*) FROM buying_request_likes x WHERE x.request_id = r.id),
          favorites_count = (SELECT count(*) FROM buying_request_favorites x WHERE x.request_id = r.id)
      `.execute(trx);
    });
  } catch (error) {
    // images of a seed that did not happen would only be litter
    await Promise.allSettled(storedKeys.map((key) => storage.delete(key)));
    throw error;
  }

  // printed here because the callers print only the logins that follow
  console.log(`Demo recharge codes (${formatCents(DEMO_CODE_CENTS)} USDN each, single use): ${demoCodes.join('  ')}`);
  return ACCOUNTS.map((account) => ({
    role: account.handle === 'admin' ? 'admin' : 'member',
    email: account.email,
    password: account.password,
  }));
}

async function hasUsers(services: Pick<AppServices, 'db'>): Promise<boolean> {
  const row = await services.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

function hoursBefore(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * 60 * 60 * 1000);
}

// ---------------------------------------------------------------------------------------------
// Demo images: drawn as SVG, rendered by sharp to WebP like an upload, so they look like goods
// photos in a catalogue without shipping binary files. Deterministic: same listing, same art.

const SIZE = 960;
const CENTER = SIZE / 2;

/** Small seeded PRNG (mulberry32), so star fields and meteorite outlines are reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function round(value: number): string {
  return value.toFixed(1);
}

function motifSvg(motif: Motif, ink: string, variant: number): string {
  const random = seededRandom(motif.length * 7919 + variant * 104729);
  switch (motif) {
    case 'lens': {
      const rings = [300, 250, 205, 160, 110]
        .map(
          (r, i) =>
            `<circle cx="${CENTER}" cy="${CENTER}" r="${r}" fill="none" stroke="${ink}" stroke-width="${i === 0 ? 26 : 6}" opacity="${0.9 - i * 0.12}"/>`,
        )
        .join('');
      return `${rings}<circle cx="${CENTER}" cy="${CENTER}" r="95" fill="#0b0f18" opacity="0.85"/>
        <path d="M ${CENTER - 60} ${CENTER - 40} A 70 70 0 0 1 ${CENTER + 20} ${CENTER - 75}" stroke="#ffffff" stroke-width="14" fill="none" stroke-linecap="round" opacity="0.7"/>`;
    }
    case 'vinyl': {
      let grooves = '';
      for (let r = 130; r <= 320; r += 11) {
        grooves += `<circle cx="${CENTER}" cy="${CENTER}" r="${r}" fill="none" stroke="#ffffff" stroke-width="1.5" opacity="0.12"/>`;
      }
      return `<circle cx="${CENTER}" cy="${CENTER}" r="330" fill="#0d0d10"/>${grooves}
        <circle cx="${CENTER}" cy="${CENTER}" r="110" fill="${ink}"/>
        <circle cx="${CENTER}" cy="${CENTER}" r="12" fill="#0d0d10"/>
        <path d="M ${CENTER + 120} ${CENTER - 260} A 290 290 0 0 1 ${CENTER + 270} ${CENTER - 100}" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.25" stroke-linecap="round"/>`;
    }
    case 'orbs': {
      const orbs = [
        [CENTER - 150, CENTER + 60, 170],
        [CENTER + 170, CENTER - 90, 130],
        [CENTER + 120, CENTER + 220, 95],
      ];
      return orbs
        .map(
          ([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#glass)" stroke="${ink}" stroke-width="3" opacity="0.95"/>
          <path d="M ${x! - r!} ${y} Q ${x} ${y! + r! * 0.5} ${x! + r!} ${y}" stroke="#d8c9a3" stroke-width="5" fill="none" opacity="0.7"/>
          <path d="M ${x} ${y! - r!} Q ${x! - r! * 0.5} ${y} ${x} ${y! + r!}" stroke="#d8c9a3" stroke-width="5" fill="none" opacity="0.7"/>
          <ellipse cx="${x! - r! * 0.35}" cy="${y! - r! * 0.4}" rx="${r! * 0.22}" ry="${r! * 0.12}" fill="#ffffff" opacity="0.55"/>`,
        )
        .join('');
    }
    case 'keys': {
      let keys = '';
      for (let row = 0; row < 4; row++) {
        for (let col = 0; col < 6; col++) {
          const x = 150 + col * 112 + (row % 2) * 28;
          const y = 250 + row * 112;
          keys += `<rect x="${x}" y="${y}" width="96" height="96" rx="14" fill="${ink}" opacity="${0.75 + random() * 0.25}"/>
            <rect x="${x + 12}" y="${y + 8}" width="72" height="64" rx="10" fill="#ffffff" opacity="0.18"/>`;
        }
      }
      return `${keys}<rect x="260" y="700" width="440" height="80" rx="14" fill="${ink}" opacity="0.9"/>`;
    }
    case 'meteorite': {
      const points: string[] = [];
      for (let i = 0; i < 18; i++) {
        const angle = (i / 18) * Math.PI * 2;
        const radius = 250 + random() * 70;
        points.push(`${round(CENTER + Math.cos(angle) * radius)},${round(CENTER + Math.sin(angle) * radius * 0.8)}`);
      }
      let pattern = '';
      for (const angle of [0, 60, 120]) {
        for (let offset = -300; offset <= 300; offset += 38) {
          pattern += `<line x1="${CENTER - 400}" y1="${CENTER + offset}" x2="${CENTER + 400}" y2="${CENTER + offset}" stroke="#ffffff" stroke-width="3" opacity="0.18" transform="rotate(${angle} ${CENTER} ${CENTER})"/>`;
        }
      }
      return `<clipPath id="rock"><polygon points="${points.join(' ')}"/></clipPath>
        <polygon points="${points.join(' ')}" fill="${ink}"/>
        <g clip-path="url(#rock)">${pattern}</g>
        <polygon points="${points.join(' ')}" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.4"/>`;
    }
    case 'tea': {
      let leaves = '';
      for (let i = 0; i < 26; i++) {
        const angle = random() * 360;
        const distance = random() * 230;
        const x = CENTER + Math.cos((i / 26) * Math.PI * 2) * distance;
        const y = CENTER + Math.sin((i / 26) * Math.PI * 2) * distance;
        leaves += `<ellipse cx="${round(x)}" cy="${round(y)}" rx="46" ry="16" fill="#5a3a1c" opacity="0.55" transform="rotate(${round(angle)} ${round(x)} ${round(y)})"/>`;
      }
      return `<circle cx="${CENTER}" cy="${CENTER}" r="300" fill="${ink}"/>${leaves}
        <circle cx="${CENTER}" cy="${CENTER}" r="300" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.35"/>
        <circle cx="${CENTER}" cy="${CENTER}" r="28" fill="#3b2414" opacity="0.6"/>`;
    }
    case 'brush': {
      return `<rect x="250" y="120" width="460" height="720" fill="${ink}" opacity="0.25"/>
        <path d="M 330 230 C 420 210, 520 250, 600 230" stroke="#1a1a1a" stroke-width="34" fill="none" stroke-linecap="round"/>
        <path d="M 480 260 C 470 400, 500 520, 470 700" stroke="#1a1a1a" stroke-width="38" fill="none" stroke-linecap="round"/>
        <path d="M 340 430 C 400 470, 430 520, 380 600" stroke="#1a1a1a" stroke-width="26" fill="none" stroke-linecap="round"/>
        <path d="M 560 420 C 620 470, 640 560, 600 640" stroke="#1a1a1a" stroke-width="26" fill="none" stroke-linecap="round"/>
        <rect x="600" y="730" width="70" height="70" fill="#c0392b"/>
        <rect x="612" y="742" width="46" height="46" fill="none" stroke="#f4d27a" stroke-width="5"/>`;
    }
    case 'stars': {
      let stars = '';
      for (let i = 0; i < 160; i++) {
        stars += `<circle cx="${round(random() * SIZE)}" cy="${round(random() * SIZE)}" r="${round(0.8 + random() * 2.6)}" fill="${ink}" opacity="${round(0.4 + random() * 0.6)}"/>`;
      }
      const constellation: Array<[number, number]> = [
        [250, 320],
        [360, 270],
        [470, 330],
        [560, 300],
        [640, 420],
        [560, 520],
        [450, 480],
      ];
      const lines = constellation
        .slice(1)
        .map(
          ([x, y], i) => `<line x1="${constellation[i]![0]}" y1="${constellation[i]![1]}" x2="${x}" y2="${y}" stroke="${ink}" stroke-width="2" opacity="0.6"/>`,
        )
        .join('');
      const bright = constellation.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${ink}"/>`).join('');
      return `${stars}${lines}${bright}
        <circle cx="760" cy="190" r="70" fill="${ink}" opacity="0.9"/><circle cx="790" cy="170" r="62" fill="#0b1233"/>`;
    }
    case 'seal': {
      let bumps = '';
      for (let i = 0; i < 14; i++) {
        const angle = (i / 14) * Math.PI * 2;
        bumps += `<circle cx="${round(CENTER + Math.cos(angle) * 235)}" cy="${round(CENTER + Math.sin(angle) * 235)}" r="${round(48 + random() * 18)}" fill="${ink}"/>`;
      }
      return `${bumps}<circle cx="${CENTER}" cy="${CENTER}" r="250" fill="${ink}"/>
        <circle cx="${CENTER}" cy="${CENTER}" r="170" fill="none" stroke="#000000" stroke-width="10" opacity="0.25"/>
        <path d="M ${CENTER} ${CENTER - 110} L ${CENTER + 80} ${CENTER} L ${CENTER} ${CENTER + 110} L ${CENTER - 80} ${CENTER} Z" fill="none" stroke="#000000" stroke-width="14" opacity="0.3"/>
        <circle cx="${CENTER}" cy="${CENTER}" r="22" fill="#000000" opacity="0.3"/>
        <ellipse cx="${CENTER - 110}" cy="${CENTER - 140}" rx="60" ry="22" fill="#ffffff" opacity="0.25" transform="rotate(-35 ${CENTER - 110} ${CENTER - 140})"/>`;
    }
    case 'watch': {
      let ticks = '';
      for (let i = 0; i < 12; i++) {
        ticks += `<line x1="${CENTER}" y1="${CENTER - 250}" x2="${CENTER}" y2="${CENTER - (i % 3 === 0 ? 205 : 225)}" stroke="#2b2b2b" stroke-width="${i % 3 === 0 ? 12 : 6}" transform="rotate(${i * 30} ${CENTER} ${CENTER})"/>`;
      }
      return `<rect x="${CENTER - 30}" y="${CENTER - 345}" width="60" height="50" rx="10" fill="${ink}"/>
        <circle cx="${CENTER}" cy="${CENTER - 360}" r="36" fill="none" stroke="${ink}" stroke-width="12"/>
        <circle cx="${CENTER}" cy="${CENTER}" r="300" fill="${ink}"/>
        <circle cx="${CENTER}" cy="${CENTER}" r="268" fill="#fbf6e9"/>${ticks}
        <line x1="${CENTER}" y1="${CENTER}" x2="${CENTER + 110}" y2="${CENTER - 90}" stroke="#2b2b2b" stroke-width="14" stroke-linecap="round"/>
        <line x1="${CENTER}" y1="${CENTER}" x2="${CENTER - 40}" y2="${CENTER - 200}" stroke="#2b2b2b" stroke-width="8" stroke-linecap="round"/>
        <circle cx="${CENTER}" cy="${CENTER + 140}" r="46" fill="none" stroke="#2b2b2b" stroke-width="3"/>
        <circle cx="${CENTER}" cy="${CENTER}" r="16" fill="${ink}"/>`;
    }
    case 'books': {
      const books = [
        [200, 640, 560, 90],
        [230, 550, 500, 90],
        [180, 460, 590, 90],
        [260, 370, 450, 90],
      ];
      return books
        .map(
          ([x, y, w, h], i) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${ink}" opacity="${1 - i * 0.12}"/>
          <rect x="${x! + 24}" y="${y! + 10}" width="${w! - 48}" height="${h! - 20}" fill="none" stroke="#3a2a10" stroke-width="4" opacity="0.5"/>
          <rect x="${x! + w! / 2 - 50}" y="${y! + h! / 2 - 8}" width="100" height="16" fill="#3a2a10" opacity="0.45"/>`,
        )
        .join('');
    }
    case 'blade': {
      let waves = '';
      for (let i = 0; i < 12; i++) {
        const y = 400 + i * 14;
        waves += `<path d="M 150 ${y} C 300 ${y - 30}, 420 ${y + 30}, 560 ${y} S 760 ${y - 25}, 820 ${y}" stroke="#ffffff" stroke-width="3" fill="none" opacity="${round(0.15 + random() * 0.2)}"/>`;
      }
      const bladePath = 'M 140 520 L 720 520 C 800 520, 850 470, 860 400 C 700 430, 400 420, 140 420 Z';
      return `<g transform="rotate(-12 ${CENTER} ${CENTER})">
        <clipPath id="steel"><path d="${bladePath}"/></clipPath>
        <path d="${bladePath}" fill="${ink}"/>
        <g clip-path="url(#steel)">${waves}</g>
        <rect x="40" y="430" width="130" height="80" rx="14" fill="#6b4a2e"/>
        <rect x="150" y="425" width="24" height="90" rx="4" fill="#2b2b2b"/>
      </g>`;
    }
  }
}

/** One catalogue image: a gradient backdrop, a soft light and the listing's motif. */
export async function renderDemoImage(motif: Motif, palette: [string, string, string], variant: number): Promise<Buffer> {
  const [from, to, ink] = palette;
  const angle = 35 + variant * 55;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    <defs>
      <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
        <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
      </linearGradient>
      <radialGradient id="light" cx="${0.3 + variant * 0.2}" cy="0.25" r="0.7">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="glass" cx="0.35" cy="0.3" r="0.8">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="${ink}" stop-opacity="0.55"/>
      </radialGradient>
    </defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#light)"/>
    <ellipse cx="${CENTER}" cy="${SIZE - 90}" rx="330" ry="40" fill="#000000" opacity="0.22"/>
    <g transform="rotate(${variant * 14} ${CENTER} ${CENTER}) translate(${CENTER} ${CENTER}) scale(${1 - variant * 0.08}) translate(${-CENTER} ${-CENTER})">
      ${motifSvg(motif, ink, variant)}
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
