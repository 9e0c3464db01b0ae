/**
 * Feed benchmark (issue 3 acceptance: first page and a page 50 deep under 50 ms p95 through the
 * whole stack). On DATABASE_URL (seed it first with scripts/seed-bulk-listings.ts), starts the
 * server in-process on a loopback port and measures marketplace.feed.page over HTTP (tRPC GET,
 * as the browser calls it), next to the same SQL run directly through `pg` as a baseline.
 * Prints a table and writes bench/results/feed.json.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/curio_bench npx tsx scripts/bench/feed.ts [--explain]
 *
 * --explain also prints EXPLAIN ANALYZE of each case's SQL (the plans quoted in docs/search-and-feed.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TFeedPage, TFeedSort } from '@curio/shared';
import { startServer } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { feedPageSql, type FeedQuery } from '../../server/src/services/feed/feed-page.ts';
import { decodeFeedCursor } from '../../server/src/services/feed/feed-cursor.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (a PostgreSQL database seeded by scripts/seed-bulk-listings.ts)');
  process.exit(1);
}
const explain = process.argv.includes('--explain');
const PAGE_SIZE = 20;
const DEEP_PAGE = 50;
const CONCURRENCIES = [1, 16];
const REQUESTS_PER_RUN = 320;
const WARM_UP = 30;

interface Case {
  name: string;
  query: FeedQuery;
}

const base = { type: 'all', category: 'all', limit: PAGE_SIZE } as const;
const sorts: TFeedSort[] = ['latest', 'hot', 'likes'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = { ...loadConfig({}), databaseUrl: url, port: 0, host: '127.0.0.1', autoSeed: false, ratesUrl: 'http://127.0.0.1:9/unreachable' };
const running = await startServer(config, { jobs: false });
const pool = new pg.Pool({ connectionString: url, max: 16 });

function trpcUrl(query: FeedQuery): string {
  const input = { json: { ...query, cursor: query.cursor ?? undefined } };
  return `${running.url}/trpc/marketplace.feed.page?input=${encodeURIComponent(JSON.stringify(input))}`;
}

async function viaHttp(query: FeedQuery): Promise<TFeedPage> {
  const response = await fetch(trpcUrl(query));
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { result: { data: { json: TFeedPage } } };
  return body.result.data.json;
}

function compiled(query: FeedQuery) {
  const position = query.cursor ? decodeFeedCursor(query.cursor, query.sort) : null;
  return feedPageSql(query, position, query.limit + 1, new Date()).compile(running.services.db);
}

async function viaSql(query: FeedQuery): Promise<void> {
  const { sql, parameters } = compiled(query);
  await pool.query(sql, parameters as unknown[]);
}

/** The cursor that opens page `page` (1-based), found by walking the pages through the API. */
async function cursorOfPage(query: FeedQuery, page: number): Promise<string> {
  let cursor: string | null = null;
  for (let n = 1; n < page; n++) {
    const result: TFeedPage = await viaHttp({ ...query, cursor });
    if (!result.nextCursor) throw new Error(`only ${n} pages for ${JSON.stringify(query)}: seed more rows`);
    cursor = result.nextCursor;
  }
  if (!cursor) throw new Error('page must be above 1');
  return cursor;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(run: () => Promise<unknown>, concurrency: number) {
  for (let i = 0; i < WARM_UP; i++) await run();
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS_PER_RUN) {
        next++;
        const t0 = performance.now();
        await run();
        samples.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    rps: Math.round(samples.length / seconds),
  };
}

try {
  const counts = await pool.query<{ listings: string; requests: string }>(
    `SELECT (SELECT count(*) FROM listings WHERE status = 'available') AS listings,
            (SELECT count(*) FROM buying_requests WHERE status = 'open') AS requests`,
  );
  const dataset = { availableListings: Number(counts.rows[0]!.listings), openRequests: Number(counts.rows[0]!.requests) };
  console.log(`dataset: ${dataset.availableListings} available listings, ${dataset.openRequests} open buying requests`);

  const cases: Case[] = [];
  for (const sort of sorts) {
    const first = { ...base, sort };
    cases.push({ name: `${sort} page 1`, query: first });
    cases.push({ name: `${sort} page ${DEEP_PAGE}`, query: { ...first, cursor: await cursorOfPage(first, DEEP_PAGE) } });
  }
  cases.push({ name: 'search zh 紫砂壶', query: { ...base, sort: 'latest', q: '紫砂壶' } });
  cases.push({ name: 'search en fountain pen', query: { ...base, sort: 'latest', q: 'fountain pen' } });
  cases.push({ name: 'search zh rare 第4242号', query: { ...base, sort: 'latest', q: '第4242号' } });

  if (explain) {
    for (const { name, query } of cases) {
      const { sql, parameters } = compiled(query);
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`, parameters as unknown[]);
      console.log(`\n### ${name}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }

  const results = [];
  for (const concurrency of CONCURRENCIES) {
    for (const { name, query } of cases) {
      const http = await measure(() => viaHttp(query), concurrency);
      const direct = await measure(() => viaSql(query), concurrency);
      results.push({ case: name, concurrency, http, sql: direct, ratio: Math.round((http.p50 / direct.p50) * 10) / 10 });
    }
  }

  console.log('\n| case | conc. | HTTP p50 | HTTP p95 | HTTP p99 | HTTP req/s | SQL p50 | SQL p95 | SQL p99 | HTTP/SQL p50 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.case} | ${r.concurrency} | ${r.http.p50} | ${r.http.p95} | ${r.http.p99} | ${r.http.rps} | ${r.sql.p50} | ${r.sql.p95} | ${r.sql.p99} | ${r.ratio}× |`,
    );
  }
  const target = 50;
  const misses = results.filter((r) => r.http.p95 >= target);
  console.log(misses.length ? `\n${misses.length} case(s) at or over ${target} ms p95` : `\nevery case under ${target} ms p95 through HTTP`);

  const out = path.join(root, 'bench/results/feed.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), dataset, pageSize: PAGE_SIZE, requestsPerRun: REQUESTS_PER_RUN, targetP95Ms: target, results }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(root, out)} (milliseconds)`);
} finally {
  await pool.end();
  await running.close();
}
