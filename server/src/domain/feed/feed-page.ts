import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  ACTIVE_BUYING_REQUEST_STATUSES,
  ZListingCategory,
  ZListingStatus,
  uploadUrl,
  type TFeedCategory,
  type TFeedItem,
  type TFeedPage,
  type TFeedSort,
  type TFeedType,
} from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { decodeFeedCursor, encodeFeedCursor, type FeedPosition } from './feed-cursor.ts';
import { memberNotBanned } from '../accounts/active-bans.ts';

export interface FeedQuery {
  q?: string | undefined;
  type: TFeedType;
  category: TFeedCategory;
  sort: TFeedSort;
  cursor?: string | null | undefined;
  limit: number;
}

/** The count column a sort orders by in each table; latest orders by created_at alone. */
const LISTING_SORT_COLUMN = { hot: 'purchase_count', likes: 'likes_count', favorites: 'favorites_count' } as const;
const REQUEST_SORT_COLUMN = { hot: 'offer_count', likes: 'likes_count', favorites: 'favorites_count' } as const;

interface FeedRow {
  kind: 'listing' | 'buyingRequest';
  id: string;
  created_at: Date;
  created_at_exact: string;
  sort_key: number | null;
  owner_id: string;
  title: string;
  category: string | null;
  likes_count: number;
  favorites_count: number;
  price_cents: number | null;
  original_price_cents: number | null;
  cover_key: string | null;
  status: string;
  quantity: number | null;
  is_anonymous: boolean | null;
  purchase_count: number | null;
  budget_min_cents: number | null;
  budget_max_cents: number | null;
  active_offers_count: number | null;
  max_offers_allowed: number | null;
  offer_count: number | null;
  nickname: string | null;
}

// printed in UTC to the microsecond so a cursor compares exactly (see feed-cursor.ts)
const exactCreatedAt = (alias: string) => sql`to_char(${sql.ref(`${alias}.created_at`)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function keysetOrder(alias: string | null, sortColumn: string | null): RawBuilder<unknown> {
  const col = (name: string) => (alias ? sql.ref(`${alias}.${name}`) : sql.ref(name));
  return sortColumn === null ? sql`${col('created_at')} DESC, ${col('id')} DESC` : sql`${col(sortColumn)} DESC, ${col('created_at')} DESC, ${col('id')} DESC`;
}

function afterPosition(alias: string, sortColumn: string | null, position: FeedPosition | null): RawBuilder<unknown> {
  if (!position) return sql`TRUE`;
  const createdAt = sql.ref(`${alias}.created_at`);
  const id = sql.ref(`${alias}.id`);
  // a row comparison is one btree range condition on the keyset index, not a filter
  return sortColumn === null
    ? sql`(${createdAt}, ${id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
    : sql`(${sql.ref(`${alias}.${sortColumn}`)}, ${createdAt}, ${id}) < (${position.key}::integer, ${position.createdAt}::timestamptz, ${position.id}::uuid)`;
}

/** Whether a row contains the (normalised) search needle. */
function containsNeedle(alias: string, needle: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`strpos(${sql.ref(`${alias}.search_text`)}, ${needle}) > 0`;
}

function searchMatch(alias: string, needle: RawBuilder<unknown>): RawBuilder<unknown> {
  // the gram containment is what the GIN index answers; strpos drops its false positives
  return sql`${sql.ref(`${alias}.search_grams`)} @> curio_search_query_grams(${needle}) AND ${containsNeedle(alias, needle)}`;
}

/**
 * How many rows, in feed order, a search reads before it falls back to the gram index. A term
 * that 1 row in 50 contains fills a page within it; a rarer one costs this many extra rows
 * (a few milliseconds), then the index answers as before.
 */
export const SEARCH_PREFIX_ROWS = 1000;

interface BranchParts {
  table: 'listings' | 'buying_requests';
  alias: 'l' | 'r';
  /** The branch's select list, written against the alias. */
  columns: RawBuilder<unknown>;
  /** Every condition but the search. */
  filters: RawBuilder<unknown>;
  sortColumn: string | null;
}

/**
 * One side of the feed: its first `fetch` rows in keyset order, searched when q is given.
 *
 * A common word matches tens of thousands of rows; the gram index then hands all of them to a
 * sort for the newest 20 (ADR 0010; the bench measured "fountain pen" at ~1 s on a million
 * listings). So a search first reads the newest SEARCH_PREFIX_ROWS rows in feed order (the
 * keyset index, as an unsearched page does) and keeps the matches. If they fill the page, or
 * the prefix held every candidate, that is the exact answer; otherwise the gram index answers.
 * The choice is one-time filters on the `decided` row, so PostgreSQL runs only the side chosen.
 */
function feedBranch(parts: BranchParts, q: string | undefined, fetch: number): RawBuilder<unknown> {
  const { table, alias, columns, filters, sortColumn } = parts;
  const order = keysetOrder(alias, sortColumn);
  if (!q) {
    return sql`SELECT ${columns} FROM ${sql.table(table)} AS ${sql.ref(alias)} WHERE ${filters} ORDER BY ${order} LIMIT ${fetch}`;
  }
  const needle = sql`curio_search_normalize(${q})`;
  const prefixOrder = keysetOrder(null, sortColumn === null ? null : 'sort_key');
  return sql`
    WITH prefix AS MATERIALIZED (
      SELECT ${columns}, ${containsNeedle(alias, needle)} AS search_hit
      FROM ${sql.table(table)} AS ${sql.ref(alias)} WHERE ${filters}
      ORDER BY ${order} LIMIT ${SEARCH_PREFIX_ROWS}
    ), hits AS MATERIALIZED (
      SELECT * FROM prefix WHERE search_hit ORDER BY ${prefixOrder} LIMIT ${fetch}
    ), decided AS MATERIALIZED (
      SELECT (SELECT count(*) FROM hits) >= ${fetch} OR (SELECT count(*) FROM prefix) < ${SEARCH_PREFIX_ROWS} AS complete
    )
    SELECT * FROM hits WHERE (SELECT complete FROM decided)
    UNION ALL
    (SELECT ${columns}, TRUE AS search_hit
     FROM ${sql.table(table)} AS ${sql.ref(alias)}
     WHERE ${filters} AND ${searchMatch(alias, needle)} AND NOT (SELECT complete FROM decided)
     ORDER BY ${order} LIMIT ${fetch})`;
}

function listingBranch(query: FeedQuery, position: FeedPosition | null, fetch: number): RawBuilder<unknown> {
  const sortColumn = query.sort === 'latest' ? null : LISTING_SORT_COLUMN[query.sort];
  const sortKey = sortColumn === null ? sql`NULL::integer` : sql.ref(`l.${sortColumn}`);
  const category = query.category === 'all' ? sql`TRUE` : sql`l.category = ${query.category}`;
  const columns = sql`'listing'::text AS kind, l.id, l.created_at, ${exactCreatedAt('l')} AS created_at_exact, ${sortKey} AS sort_key,
      l.seller_id AS owner_id, l.title, l.category, l.likes_count, l.favorites_count,
      l.price_cents, l.original_price_cents, l.images[1] AS cover_key, l.status, l.quantity, l.is_anonymous,
      l.purchase_count, NULL::bigint AS budget_min_cents, NULL::bigint AS budget_max_cents,
      NULL::integer AS active_offers_count, NULL::integer AS max_offers_allowed, NULL::integer AS offer_count`;
  const filters = sql`l.status = 'available' AND ${category} AND ${afterPosition('l', sortColumn, position)} AND ${memberNotBanned('l.seller_id')}`;
  return feedBranch({ table: 'listings', alias: 'l', columns, filters, sortColumn }, query.q, fetch);
}

/**
 * A request stays in the feed while it is active (rule F-2, ADR 0035): a full one shows its
 * progress at the maximum and a disabled make-offer button instead of vanishing. Written as
 * literals, not parameters, so the planner matches the partial feed indexes' predicate.
 */
const FEED_REQUEST_STATUSES = sql.join(ACTIVE_BUYING_REQUEST_STATUSES.map((status) => sql.lit(status)));

function requestBranch(query: FeedQuery, position: FeedPosition | null, fetch: number, now: Date): RawBuilder<unknown> {
  const sortColumn = query.sort === 'latest' ? null : REQUEST_SORT_COLUMN[query.sort];
  const sortKey = sortColumn === null ? sql`NULL::integer` : sql.ref(`r.${sortColumn}`);
  const category = query.category === 'all' ? sql`TRUE` : sql`r.category = ${query.category}`;
  const columns = sql`'buyingRequest'::text AS kind, r.id, r.created_at, ${exactCreatedAt('r')} AS created_at_exact, ${sortKey} AS sort_key,
      r.user_id AS owner_id, r.title, r.category, r.likes_count, r.favorites_count,
      NULL::bigint AS price_cents, NULL::bigint AS original_price_cents, r.images[1] AS cover_key, r.status,
      NULL::integer AS quantity, NULL::boolean AS is_anonymous, NULL::integer AS purchase_count,
      r.budget_min_cents, r.budget_max_cents, r.active_offers_count, r.max_offers_allowed, r.offer_count`;
  // the sweeper expires requests periodically; one past its time is not shown meanwhile
  const filters = sql`r.status IN (${FEED_REQUEST_STATUSES}) AND (r.expires_at IS NULL OR r.expires_at > ${now})
      AND ${category} AND ${afterPosition('r', sortColumn, position)} AND ${memberNotBanned('r.user_id')}`;
  return feedBranch({ table: 'buying_requests', alias: 'r', columns, filters, sortColumn }, query.q, fetch);
}

function toItem(row: FeedRow): TFeedItem {
  if (row.kind === 'listing') {
    const status = ZListingStatus.parse(row.status);
    return {
      kind: 'listing',
      listing: {
        id: row.id,
        title: row.title,
        priceCents: row.price_cents ?? 0,
        originalPriceCents: row.original_price_cents,
        coverUrl: row.cover_key ? uploadUrl(row.cover_key) : null,
        category: ZListingCategory.parse(row.category),
        likesCount: row.likes_count,
        favoritesCount: row.favorites_count,
        status,
        sellerNickname: row.is_anonymous ? null : row.nickname,
        sellerId: row.is_anonymous ? null : row.owner_id,
        soldOut: status === 'sold' || row.quantity === 0,
        purchaseCount: row.purchase_count ?? 0,
        createdAt: row.created_at,
      },
    };
  }
  return {
    kind: 'buyingRequest',
    request: {
      id: row.id,
      title: row.title,
      budgetMinCents: row.budget_min_cents,
      budgetMaxCents: row.budget_max_cents,
      activeOffersCount: row.active_offers_count ?? 0,
      maxOffersAllowed: row.max_offers_allowed ?? 1,
      category: row.category === null ? null : ZListingCategory.parse(row.category),
      offerCount: row.offer_count ?? 0,
      likesCount: row.likes_count,
      favoritesCount: row.favorites_count,
      requesterNickname: row.nickname,
      requesterId: row.owner_id,
      createdAt: row.created_at,
    },
  };
}

/**
 * The SQL of one feed page (rules F-2 to F-4): available listings and active, unexpired buying
 * requests of members who are not banned, merged into one order — (sort key, created_at, id),
 * newest first among equals — and paged by keyset, so publishing new items never shifts a later
 * page (ADR 0010). Each branch reads at most `fetch` rows from its keyset index; the merge keeps
 * the first `fetch`.
 * Exported so the plan test and the benchmark run exactly what the procedure runs.
 */
export function feedPageSql(query: FeedQuery, position: FeedPosition | null, fetch: number, now: Date): RawBuilder<FeedRow> {
  const branches: RawBuilder<unknown>[] = [];
  if (query.type !== 'buyingRequest') branches.push(listingBranch(query, position, fetch));
  if (query.type !== 'listing') branches.push(requestBranch(query, position, fetch, now));
  const merged = sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` UNION ALL `,
  );
  const sortColumn = query.sort === 'latest' ? null : 'sort_key';
  return sql<FeedRow>`
    SELECT page.*, p.nickname
    FROM (SELECT * FROM (${merged}) AS merged ORDER BY ${keysetOrder(null, sortColumn)} LIMIT ${fetch}) AS page
    LEFT JOIN profiles AS p ON p.user_id = page.owner_id
    ORDER BY ${keysetOrder('page', sortColumn)}`;
}

export async function loadFeedPage(db: Kysely<Database>, query: FeedQuery, now: Date): Promise<TFeedPage> {
  const position = query.cursor ? decodeFeedCursor(query.cursor, query.sort) : null;
  const { rows } = await feedPageSql(query, position, query.limit + 1, now).execute(db);
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeFeedCursor({ sort: query.sort, key: last.sort_key, createdAt: last.created_at_exact, id: last.id }) : null;
  return { items: pageRows.map(toItem), nextCursor };
}
