import { CompiledQuery, sql } from 'kysely';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { seedBulkMarketplace } from '../../../server/src/domain/feed/bulk-seed.ts';
import { feedPageSql, loadFeedPage, SEARCH_PREFIX_ROWS, type FeedQuery } from '../../../server/src/domain/feed/feed-page.ts';
import { insertListing } from './fixtures.ts';

/**
 * A search reads the newest SEARCH_PREFIX_ROWS rows in feed order first and falls back to the
 * gram index when they do not fill the page (feed-page.ts). Both ways must give exactly what a
 * plain filter-and-sort over every row gives, on every page; on PostgreSQL the plan shows the
 * side not chosen was never run.
 */
const NOW = new Date('2026-11-21T08:00:00Z');
const NEWEST = new Date('2026-11-21T07:00:00Z');

let db: TestDatabase;

type Sort = 'latest' | 'likes';

/** Every match, in feed order: the answer by brute force (no index, no prefix). */
async function everyMatch(q: string, sort: Sort): Promise<string[]> {
  const order = sort === 'latest' ? sql`created_at DESC, id DESC` : sql`likes_count DESC, created_at DESC, id DESC`;
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM (
      SELECT id, created_at, likes_count FROM listings
       WHERE status = 'available' AND strpos(search_text, curio_search_normalize(${q})) > 0
      UNION ALL
      SELECT id, created_at, likes_count FROM buying_requests
       WHERE status = 'open' AND (expires_at IS NULL OR expires_at > ${NOW})
         AND strpos(search_text, curio_search_normalize(${q})) > 0
    ) AS matches
    ORDER BY ${order}`.execute(db.db);
  return rows.map((row) => row.id);
}

/** The ids of the first `pages` pages through the feed, following the cursors. */
async function feedIds(q: string, sort: Sort, pages: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < pages; n++) {
    const page = await loadFeedPage(db.db, { q, sort, type: 'all', category: 'all', limit: 20, cursor }, NOW);
    ids.push(...page.items.map((item) => (item.kind === 'listing' ? item.listing.id : item.request.id)));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** How many scans of listings the first page of a search ran (a scan never started counts 0). */
async function listingScansRun(q: string): Promise<number> {
  const query: FeedQuery = { q, sort: 'latest', type: 'all', category: 'all', limit: 20 };
  const compiled = feedPageSql(query, null, 21, NOW).compile(db.db);
  const result = await db.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  return flatten(result.rows[0]!['QUERY PLAN'][0].Plan).filter((node) => node['Relation Name'] === 'listings' && (node['Actual Loops'] ?? 0) > 0).length;
}

describe('feed search: the newest rows first, the gram index when they fall short', () => {
  test.beforeAll(async ({ db: fileDb }) => {
    db = fileDb;
    // more rows than the prefix in both tables, so both ways are taken
    await seedBulkMarketplace(db.db, { listings: SEARCH_PREFIX_ROWS * 2, requests: SEARCH_PREFIX_ROWS + 300, sellers: 20, newest: NEWEST });
    const seller = await insertTestUser(db.db);
    // a rare word only in rows older than every seeded one: beyond any prefix
    for (let n = 0; n < 3; n++) {
      await insertListing(db.db, { sellerId: seller.id, title: `Zoetrope drum ${n}`, likes: n, createdAt: new Date(`2020-01-0${n + 1}T00:00:00Z`) });
    }
  }, 180_000);

  test.each([
    ['a common English term', 'fountain pen'],
    ['a common Chinese term', '紫砂壶'],
    ['a term in every row of one kind', 'wanted'],
    ['a rare term only beyond the prefix', 'zoetrope'],
    ['a term nothing contains', 'quetzalcoatl'],
  ])('%s (%s): every page equals the brute-force answer, latest and by likes', async (_label, q) => {
    for (const sort of ['latest', 'likes'] as const) {
      const expected = await everyMatch(q, sort);
      expect(await feedIds(q, sort, 3), `${q} by ${sort}`).toEqual(expected.slice(0, 60));
    }
  });

  test.skipIf(!onRealPostgres())('a common term is answered by the prefix scan alone; a rare one also runs the full search (real PostgreSQL)', async () => {
    expect(await listingScansRun('fountain pen')).toBe(1);
    expect(await listingScansRun('zoetrope')).toBe(2);
  });
  if (!onRealPostgres()) console.warn(`[feed/search-prefix] plan check skipped: ${NEEDS_POSTGRES}`);
});
