import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Synthetic marketplace volume for the feed benchmark and the query-plan test: listings and
 * buying requests generated inside PostgreSQL with generate_series (one multi-row
 * INSERT … SELECT per batch, no rows cross the wire), half with Chinese and half with English
 * text, with skewed like/favourite/purchase counts and spread-out creation times.
 */
export interface BulkSeedOptions {
  listings: number;
  requests: number;
  sellers?: number;
  batchSize?: number;
  /** Newest creation time; rows go back in time from here. */
  newest?: Date;
  onProgress?: (message: string) => void;
}

const ZH_ADJECTIVES = ['复古', '古董', '手工', '限量', '绝版', '稀有', '老式', '日本中古', '民国', '孤品'];
const ZH_NOUNS = ['胶片相机', '机械手表', '黑胶唱片', '紫砂壶', '邮票', '铜钱', '钢笔', '漫画书', '瓷器花瓶', '木雕', '游戏卡带', '明信片'];
const ZH_SERVICES = ['代购', '修复', '鉴定', '翻译', '定制', '陪练'];
const EN_ADJECTIVES = ['Vintage', 'Antique', 'Handmade', 'Limited', 'Rare', 'Retro', 'Signed', 'Mint', 'Collector', 'Unique'];
const EN_NOUNS = [
  'film camera',
  'pocket watch',
  'vinyl record',
  'teapot',
  'stamp set',
  'coin',
  'fountain pen',
  'comic book',
  'porcelain vase',
  'wood carving',
  'game cartridge',
  'postcard',
];
const EN_SERVICES = ['sourcing', 'restoration', 'appraisal', 'translation', 'custom order', 'tutoring'];

function textArray(values: string[]) {
  return sql`ARRAY[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;
}

// 1-based pick from a SQL array by the row number; "step" decorrelates the picks of one row.
// Halving g first matters: Chinese rows are the even ones, and g * step alone would then
// only ever reach even positions.
function pick(values: string[], step: number) {
  return sql`(${textArray(values)})[1 + (((g / 2) * ${sql.lit(step)} + g / 7) % ${sql.lit(values.length)})]`;
}

async function ensureSellers(db: Kysely<Database>, count: number): Promise<void> {
  await sql`
    INSERT INTO users (email, password_hash)
    SELECT 'bulk-seller-' || s || '@seed.curio.invalid', 'bulk-seed-no-login'
    FROM generate_series(1, ${sql.lit(count)}) AS s
    ON CONFLICT (email) DO NOTHING`.execute(db);
  await sql`
    INSERT INTO profiles (user_id, nickname)
    SELECT u.id, '藏家' || substr(u.email, 13, strpos(u.email, '@') - 13)
    FROM users AS u
    WHERE u.email LIKE 'bulk-seller-%@seed.curio.invalid'
    ON CONFLICT (user_id) DO NOTHING`.execute(db);
}

export async function seedBulkMarketplace(db: Kysely<Database>, options: BulkSeedOptions): Promise<void> {
  const sellers = options.sellers ?? 500;
  const batchSize = options.batchSize ?? 10_000;
  const newest = options.newest ?? new Date();
  const report = options.onProgress ?? (() => {});
  await ensureSellers(db, sellers);
  // one query, then indexed by row number: sellers[1 + g % n]
  const sellerIds = sql`(SELECT array_agg(id ORDER BY email) FROM users WHERE email LIKE 'bulk-seller-%@seed.curio.invalid')`;

  for (let start = 1; start <= options.listings; start += batchSize) {
    const end = Math.min(options.listings, start + batchSize - 1);
    await sql`
      INSERT INTO listings (seller_id, title, description, category, tags, price_cents, original_price_cents, unit,
        quantity, warranty_days, status, review_status, is_anonymous, view_count, likes_count, favorites_count,
        purchase_count, created_at)
      SELECT
        (${sellerIds})[1 + g % ${sql.lit(sellers)}],
        CASE WHEN g % 2 = 0
          THEN ${pick(ZH_ADJECTIVES, 7)} || CASE WHEN g % 5 = 0 THEN ${pick(ZH_SERVICES, 3)} || '服务' ELSE ${pick(ZH_NOUNS, 11)} END || ' 第' || g || '号'
          ELSE ${pick(EN_ADJECTIVES, 7)} || ' ' || CASE WHEN g % 5 = 0 THEN ${pick(EN_SERVICES, 3)} || ' service' ELSE ${pick(EN_NOUNS, 11)} END || ' no. ' || g
        END,
        CASE WHEN g % 2 = 0
          THEN '成色良好，' || ${pick(ZH_NOUNS, 13)} || '收藏多年，附原装盒。支持平台担保交易。'
          ELSE 'Well kept ' || ${pick(EN_NOUNS, 13)} || ' from a private collection, original box included. Escrow through the platform.'
        END,
        CASE WHEN g % 5 = 0 THEN 'service' ELSE 'goods' END,
        CASE WHEN g % 2 = 0 THEN ARRAY['#' || ${pick(ZH_ADJECTIVES, 17)}, '#收藏'] ELSE ARRAY['#' || lower(${pick(EN_ADJECTIVES, 17)}), '#collectible'] END,
        100 + (g::bigint * 7919) % 500000,
        CASE WHEN g % 4 = 0 THEN 100 + (g::bigint * 7919) % 500000 + 5000 ELSE NULL END,
        CASE WHEN g % 5 = 0 THEN 'copy' ELSE 'piece' END,
        1 + g % 5,
        (ARRAY[0, 7, 15, 30])[1 + g % 4],
        CASE WHEN g % 20 = 0 THEN 'sold' WHEN g % 33 = 0 THEN 'unavailable' ELSE 'available' END,
        'approved',
        g % 17 = 0,
        (g * 31) % 2000,
        floor(power(((g * 2654435761) % 1000) / 1000.0, 3) * 400)::integer,
        floor(power(((g::bigint * 40503) % 1000) / 1000.0, 3) * 250)::integer,
        floor(power(((g * 97) % 1000) / 1000.0, 4) * 60)::integer,
        ${newest}::timestamptz - (g * interval '41 seconds') - ((g * 131) % 997) * interval '1 millisecond'
      FROM generate_series(${sql.lit(start)}, ${sql.lit(end)}) AS g`.execute(db);
    report(`listings ${end}/${options.listings}`);
  }

  for (let start = 1; start <= options.requests; start += batchSize) {
    const end = Math.min(options.requests, start + batchSize - 1);
    await sql`
      INSERT INTO buying_requests (user_id, title, description, category, tags, budget_min_cents, budget_max_cents,
        max_offers_allowed, active_offers_count, offer_count, view_count, likes_count, favorites_count, status,
        created_at, expires_at)
      SELECT
        (${sellerIds})[1 + (g * 3) % ${sql.lit(sellers)}],
        CASE WHEN g % 2 = 0 THEN '求购' || ${pick(ZH_ADJECTIVES, 5)} || ${pick(ZH_NOUNS, 7)} || ' 第' || g || '号'
          ELSE 'Wanted: ' || lower(${pick(EN_ADJECTIVES, 5)}) || ' ' || ${pick(EN_NOUNS, 7)} || ' no. ' || g END,
        CASE WHEN g % 2 = 0 THEN '想找一件成色好的' || ${pick(ZH_NOUNS, 7)} || '，价格可谈。'
          ELSE 'Looking for a ' || ${pick(EN_NOUNS, 7)} || ' in good condition; price negotiable.' END,
        CASE WHEN g % 3 = 0 THEN NULL WHEN g % 5 = 0 THEN 'service' ELSE 'goods' END,
        CASE WHEN g % 2 = 0 THEN ARRAY['#求购'] ELSE ARRAY['#wanted'] END,
        CASE WHEN g % 4 = 0 THEN NULL ELSE 1000 + (g * 13) % 20000 END,
        CASE WHEN g % 3 = 0 THEN NULL ELSE 30000 + (g * 17) % 200000 END,
        3,
        g % 4,
        g % 4 + (g * 7) % 5,
        (g * 29) % 900,
        floor(power(((g * 2654435761) % 1000) / 1000.0, 3) * 120)::integer,
        floor(power(((g::bigint * 40503) % 1000) / 1000.0, 3) * 80)::integer,
        CASE WHEN g % 10 = 0 THEN 'closed' ELSE 'open' END,
        ${newest}::timestamptz - (g * interval '173 seconds') - ((g * 71) % 991) * interval '1 millisecond',
        CASE WHEN g % 7 = 0 THEN ${newest}::timestamptz + interval '30 days' ELSE NULL END
      FROM generate_series(${sql.lit(start)}, ${sql.lit(end)}) AS g`.execute(db);
    report(`buying requests ${end}/${options.requests}`);
  }
  // fresh statistics, or the planner guesses and may scan instead of using the search index
  await sql`ANALYZE listings`.execute(db);
  await sql`ANALYZE buying_requests`.execute(db);
  await sql`ANALYZE profiles`.execute(db);
}
