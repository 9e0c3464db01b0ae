/**
 * Feed benchmark (docs/performance.md "Feed"; rules F-3 to F-5). On a bench database holding
 * 1,000,000 listings and 200,000 buying requests (created and bulk-seeded by
 * scripts/bench/feed-dataset.ts, reused when already seeded), measures marketplace.feed.page
 * through the whole stack — a Curio server process (the `npm start` composition root, pool of
 * 10), tRPC GET over HTTP as the browser calls it — against the baseline: the very SQL the
 * procedure runs (compiled by the same Kysely builder), sent through a `pg` pool of the same size
 * from the bench process, with no HTTP, no tRPC and no session. Cases: first page of each sort, a
 * page 100 deep, a Chinese and an English search; concurrency 1, 16 and 64; p50/p95/p99 and
 * requests/s of each. Target: HTTP p95 within 2× of the bare query's p95.
 *
 *   npm run bench:feed [-- --quick] [--explain] [--listings N --requests N] [--db name]
 *
 * --quick: a smoke run on its own 50,000-listing database and a few requests per case.
 */
import pg from 'pg';
import type { TFeedPage } from '@curio/shared';
import { openDatabase } from '../../server/src/db/database.ts';
import { feedPageSql, type FeedQuery } from '../../server/src/domain/feed/feed-page.ts';
import { decodeFeedCursor } from '../../server/src/domain/feed/feed-cursor.ts';
import { startChild } from './chat-fanout/processes.ts';
import { distribution, processCpuSeconds } from './chat-fanout/stats.ts';
import { ensureFeedDataset } from './feed-dataset.ts';
import {
  describeMachine,
  flag,
  loadAverage,
  markdownTable,
  numberOption,
  printSummary,
  ratio,
  ROOT,
  round,
  saveResult,
  type SummaryRow,
} from './lib/common.ts';

const quick = flag('quick');
const explain = flag('explain');
const LISTINGS = numberOption('listings', quick ? 50_000 : 1_000_000);
const REQUESTS = numberOption('requests', quick ? 10_000 : 200_000);
const DB_NAME = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1]! : quick ? 'curio_bench_feed_quick' : 'curio_bench_feed';
const POOL = 10; // openDatabase's default, what `npm start` runs with
const PAGE_SIZE = 20;
const DEEP_PAGE = 100;
const CONCURRENCIES = [1, 16, 64];
const TARGET_RATIO = 2;
const requestsFor = (concurrency: number) => (quick ? Math.max(30, concurrency * 2) : Math.max(300, concurrency * 8));
const WARM_UP = quick ? 5 : 10;
/**
 * A slow case (a search over a million rows takes seconds) stops early: no new request after
 * MAX_SECONDS once it has MIN_SAMPLES; its percentiles then rest on fewer samples (see `requests`).
 */
const MAX_SECONDS = quick ? 5 : 10;
const MIN_SAMPLES = 20;

interface Case {
  name: string;
  query: FeedQuery;
}

const started = performance.now();
const machine = await describeMachine();
const dataset = await ensureFeedDataset(DB_NAME, LISTINGS, REQUESTS);

const server = await startChild('curio', 'scripts/bench/chat-fanout/server-entry.ts', { DATABASE_URL: dataset.url, BENCH_POOL_SIZE: String(POOL) }, ROOT);
const origin = `http://127.0.0.1:${server.port}`;
// used only to compile the procedure's SQL; the baseline runs it on its own pg pool
const compiler = await openDatabase({ kind: 'postgres', url: dataset.url, poolSize: 1 });
const pool = new pg.Pool({ connectionString: dataset.url, max: POOL });

function trpcUrl(query: FeedQuery): string {
  const input = { json: { ...query, cursor: query.cursor ?? undefined } };
  return `${origin}/trpc/marketplace.feed.page?input=${encodeURIComponent(JSON.stringify(input))}`;
}

async function viaHttp(query: FeedQuery): Promise<TFeedPage> {
  const response = await fetch(trpcUrl(query));
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { result: { data: { json: TFeedPage } } };
  return body.result.data.json;
}

function compiled(query: FeedQuery) {
  const position = query.cursor ? decodeFeedCursor(query.cursor, query.sort) : null;
  return feedPageSql(query, position, query.limit + 1, new Date()).compile(compiler.db);
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

/** `cpuPid`: a process whose CPU time per request is reported too (the Curio server's). */
async function measure(run: () => Promise<unknown>, concurrency: number, cpuPid?: number) {
  const warm = performance.now();
  for (let i = 0; i < WARM_UP && performance.now() - warm < 3_000; i++) await run();
  const total = requestsFor(concurrency);
  const samples: number[] = [];
  let next = 0;
  const cpu0 = cpuPid ? processCpuSeconds(cpuPid) : 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total && !(samples.length >= Math.min(total, MIN_SAMPLES) && performance.now() - t0 > MAX_SECONDS * 1000)) {
        next++;
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpuMsPerRequest = cpuPid ? round(((processCpuSeconds(cpuPid) - cpu0) * 1000) / samples.length, 2) : null;
  const d = distribution(samples);
  return { requests: samples.length, p50: d.p50, p95: d.p95, p99: d.p99, max: d.max, rps: round(samples.length / seconds, 1), cpuMsPerRequest };
}

const rows: Array<{
  case: string;
  concurrency: number;
  http: Awaited<ReturnType<typeof measure>>;
  sql: Awaited<ReturnType<typeof measure>>;
  p95Ratio: number;
  p50Ratio: number;
}> = [];
const plans: Record<string, string> = {};
try {
  const counts = await pool.query<{ listings: string; requests: string }>(
    `SELECT (SELECT count(*) FROM listings WHERE status = 'available') AS listings,
            (SELECT count(*) FROM buying_requests WHERE status = 'open') AS requests`,
  );
  const visible = { availableListings: Number(counts.rows[0]!.listings), openRequests: Number(counts.rows[0]!.requests) };
  console.log(`dataset: ${LISTINGS} listings (${visible.availableListings} available), ${REQUESTS} buying requests (${visible.openRequests} open)`);

  const base = { type: 'all', category: 'all', limit: PAGE_SIZE } as const;
  const cases: Case[] = [];
  for (const sort of ['latest', 'hot', 'likes', 'favorites'] as const) cases.push({ name: `first page, ${sort}`, query: { ...base, sort } });
  const latest = { ...base, sort: 'latest' } as const;
  cases.push({ name: `page ${DEEP_PAGE}, latest`, query: { ...latest, cursor: await cursorOfPage(latest, DEEP_PAGE) } });
  cases.push({ name: 'search zh 紫砂壶', query: { ...latest, q: '紫砂壶' } });
  cases.push({ name: 'search en fountain pen', query: { ...latest, q: 'fountain pen' } });

  for (const { name, query } of cases) {
    const { sql, parameters } = compiled(query);
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`, parameters as unknown[]);
    plans[name] = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    if (explain) console.log(`\n### ${name}\n${plans[name]}`);
  }

  for (const concurrency of CONCURRENCIES) {
    for (const { name, query } of cases) {
      const http = await measure(() => viaHttp(query), concurrency, server.pid);
      const direct = await measure(() => viaSql(query), concurrency);
      rows.push({ case: name, concurrency, http, sql: direct, p95Ratio: ratio(http.p95, direct.p95), p50Ratio: ratio(http.p50, direct.p50) });
      console.log(
        `c=${concurrency} ${name}: HTTP p95 ${http.p95} ms (${http.rps}/s, server CPU ${http.cpuMsPerRequest} ms/request), SQL p95 ${direct.p95} ms (${direct.rps}/s), ${ratio(http.p95, direct.p95)}×`,
      );
    }
  }

  console.log(
    `\n${markdownTable(
      ['case', 'conc.', 'HTTP p50', 'HTTP p95', 'HTTP p99', 'HTTP req/s', 'server CPU ms/req', 'SQL p50', 'SQL p95', 'SQL p99', 'SQL req/s', 'p95 HTTP/SQL'],
      rows.map((r) => [
        r.case,
        String(r.concurrency),
        ...[r.http.p50, r.http.p95, r.http.p99, r.http.rps, r.http.cpuMsPerRequest, r.sql.p50, r.sql.p95, r.sql.p99, r.sql.rps].map(String),
        `${r.p95Ratio}×`,
      ]),
    )}`,
  );

  const met = rows.filter((r) => r.p95Ratio <= TARGET_RATIO).length;
  const summary: SummaryRow[] = [];
  for (const { name } of cases) {
    const mine = CONCURRENCIES.map((c) => rows.find((r) => r.case === name && r.concurrency === c)!);
    const allMet = mine.every((r) => r.p95Ratio <= TARGET_RATIO);
    summary.push({
      bench: 'feed',
      metric: `${name}: p95 ms at c=${CONCURRENCIES.join('/')}`,
      curio: mine.map((r) => r.http.p95).join(' / '),
      baseline: mine.map((r) => r.sql.p95).join(' / '),
      ratio: mine.map((r) => `${r.p95Ratio}×`).join(' / '),
      verdict: allMet
        ? `≤${TARGET_RATIO}× met`
        : `≤${TARGET_RATIO}× not met (${mine
            .filter((r) => r.p95Ratio > TARGET_RATIO)
            .map((r) => `c=${r.concurrency}`)
            .join(', ')})`,
    });
  }
  const at64 = rows.filter((r) => r.concurrency === 64);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  summary.push({
    bench: 'feed',
    metric: 'throughput at c=64, mean over cases (req/s)',
    curio: String(round(sum(at64.map((r) => r.http.rps)) / at64.length, 0)),
    baseline: String(round(sum(at64.map((r) => r.sql.rps)) / at64.length, 0)),
    ratio: String(ratio(sum(at64.map((r) => r.http.rps)), sum(at64.map((r) => r.sql.rps)))),
    verdict: 'informational',
  });
  const cpu = rows.map((r) => r.http.cpuMsPerRequest ?? 0);
  const notes = [
    `Curio server CPU per feed request ${round(Math.min(...cpu), 1)}–${round(Math.max(...cpu), 1)} ms (median ${round([...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)]!, 1)} ms) over all cases, read from /proc`,
    `${met} of ${rows.length} case × concurrency measurements within ${TARGET_RATIO}× of the bare query at p95`,
    dataset.seedSeconds === null
      ? 'dataset reused from an earlier seed'
      : `dataset seeded in ${round(dataset.seedSeconds, 1)} s (${round(dataset.indexSeconds ?? 0, 1)} s of it rebuilding indexes)`,
  ];
  console.log(notes.join('\n'));
  printSummary(summary);
  const file = await saveResult({
    bench: 'feed',
    quick,
    measuredAt: new Date().toISOString(),
    machine,
    loadAverageAtEnd: loadAverage(),
    wallSeconds: round((performance.now() - started) / 1000, 1),
    summary,
    notes,
    details: {
      dataset: { ...dataset, url: undefined, ...visible },
      pool: POOL,
      pageSize: PAGE_SIZE,
      concurrencies: CONCURRENCIES,
      targetP95Ratio: TARGET_RATIO,
      rows,
      plans,
    },
  });
  console.log(`wrote ${file}`);
} finally {
  await pool.end();
  await compiler.close();
  await server.stop();
}
