import { CompiledQuery } from 'kysely';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { seedBulkMarketplace } from '../../../server/src/domain/feed/bulk-seed.ts';
import { feedPageSql, type FeedQuery } from '../../../server/src/domain/feed/feed-page.ts';
import { insertListing } from './fixtures.ts';

/**
 * ADR 0010: search is served by an index, not a sequential scan. Proven on real
 * PostgreSQL with enough rows for the planner to care and fresh statistics, with every plan
 * option at its default (no enable_seqscan = off).
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

let db: TestDatabase;

async function planOf(query: Partial<FeedQuery>): Promise<PlanNode[]> {
  const full: FeedQuery = { type: 'all', category: 'all', sort: 'latest', limit: 20, ...query };
  const compiled = feedPageSql(full, null, full.limit + 1, new Date('2026-11-21T08:00:00Z')).compile(db.db);
  const result = await db.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  return flatten(result.rows[0]!['QUERY PLAN'][0].Plan);
}

// profiles may be scanned whole when small: the page joins at most limit + 1 rows to it
const FEED_TABLES = new Set(['listings', 'buying_requests']);
const seqScans = (nodes: PlanNode[]) =>
  nodes.filter((node) => node['Node Type'] === 'Seq Scan' && FEED_TABLES.has(node['Relation Name'] ?? '')).map((node) => node['Relation Name']);
const indexesUsed = (nodes: PlanNode[]) => nodes.map((node) => node['Index Name']).filter(Boolean);

describe('feed search query plans', () => {
  // every test below is skipped without real PostgreSQL, and then this hook does not run
  test.beforeAll(async ({ db: fileDb }) => {
    db = fileDb;
    await seedBulkMarketplace(db.db, { listings: 20_000, requests: 10_000, sellers: 50, newest: new Date('2026-11-21T07:00:00Z') });
    const seller = await insertTestUser(db.db);
    for (let n = 0; n < 3; n++) {
      await insertListing(db.db, { sellerId: seller.id, title: `鎏金铜镜 ${n}`, createdAt: new Date(`2026-11-0${n + 1}T00:00:00Z`) });
      await insertListing(db.db, { sellerId: seller.id, title: `Daguerreotype plate ${n}`, createdAt: new Date(`2026-11-0${n + 1}T00:00:00Z`) });
    }
    await db.db.executeQuery(CompiledQuery.raw('ANALYZE listings'));
    await db.db.executeQuery(CompiledQuery.raw('ANALYZE buying_requests'));
  }, 180_000);

  test.skipIf(!onRealPostgres())('a rare Chinese or English term is looked up in the gram index', async () => {
    for (const q of ['铜镜', '鎏金铜', 'daguerreotype', 'DAGUERREO']) {
      for (const sort of ['latest', 'likes'] as const) {
        const plan = await planOf({ q, sort });
        expect(seqScans(plan), `${q} by ${sort}`).toEqual([]);
        expect(indexesUsed(plan), `${q} by ${sort}`).toContain('listings_feed_search_idx');
        expect(indexesUsed(plan), `${q} by ${sort}`).toContain('buying_requests_feed_search_idx');
      }
    }
  });

  test.skipIf(!onRealPostgres())('no feed query scans listings or buying requests sequentially', async () => {
    for (const q of [undefined, '紫砂壶', '相机', 'fountain pen', 'vintage', '服务', '壶']) {
      for (const sort of ['latest', 'hot', 'likes', 'favorites'] as const) {
        for (const type of ['all', 'listing', 'buyingRequest'] as const) {
          expect(seqScans(await planOf({ q, sort, type })), `${q ?? '(none)'} ${sort} ${type}`).toEqual([]);
        }
      }
    }
  });

  test.skipIf(!onRealPostgres())('the index-served search returns exactly the matching rows, newest first', async () => {
    const { rows } = await feedPageSql({ type: 'listing', category: 'all', sort: 'latest', limit: 10, q: '铜镜' }, null, 11, new Date()).execute(db.db);
    expect(rows.map((row) => row.title)).toEqual(['鎏金铜镜 2', '鎏金铜镜 1', '鎏金铜镜 0']);
  });

  if (!onRealPostgres()) console.warn(`feed search query plans skipped: ${NEEDS_POSTGRES}`);
});
