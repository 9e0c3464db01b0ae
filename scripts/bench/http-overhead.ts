/**
 * HTTP-overhead benchmark (docs/performance.md "HTTP overhead"): the cost of Curio's request path
 * around a trivial procedure. `system.exchangeRates` is a public tRPC query answered from memory
 * (no database: the rates service refreshes once, falls back offline, then serves its copy),
 * called as the browser calls it (GET /trpc/system.exchangeRates) on a Curio server process (the
 * `npm start` composition root: security headers, access log, metrics, CSRF guard, tRPC context
 * with its session-cookie check, zod output validation, superjson). Two baselines, each in the
 * same kind of process (plain `node`), returning the very same bytes:
 * - bare tRPC (scripts/bench/bare-trpc/server-entry.ts): Express 5, tRPC's Express adapter and
 *   superjson, and nothing of Curio's (the target's baseline: Curio / bare tRPC is Curio's own cost);
 * - bare Express: one handler writing the bytes (bare tRPC / bare Express is the framework's cost).
 * Also shown: Curio's own /healthz (a plain Express route inside the full app), and, signed in
 * (informational), `auth.me` and the member query `notifications.unreadCount` with a session
 * cookie and `notifications.unreadCount` with a personal API token. Load: autocannon, in its own
 * process, the same connections and duration for each target, in rounds taking turns.
 *
 *   npm run bench:http [-- --quick] [--connections 16] [--duration 10]
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { SESSION_COOKIE } from '../../server/src/domain/accounts/sessions.ts';
import { newApiTokenSecret } from '../../server/src/domain/accounts/api-tokens.ts';
import { generateToken, hashToken } from '../../server/src/domain/accounts/tokens.ts';
import { startChild } from './chat-fanout/processes.ts';
import {
  describeMachine,
  dropDatabase,
  flag,
  loadAverage,
  numberOption,
  printSummary,
  ratio,
  recreateDatabase,
  ROOT,
  round,
  saveResult,
  target,
  type BenchTarget,
  type SummaryRow,
} from './lib/common.ts';

const run = promisify(execFile);
const quick = flag('quick');
const CONNECTIONS = numberOption('connections', 16);
const DURATION = numberOption('duration', quick ? 3 : 12);
/**
 * The machine is shared: load comes in bursts of seconds. Each target gets `ROUNDS` slices of
 * DURATION / ROUNDS seconds, the targets taking turns, so a burst hits all of them alike.
 */
const ROUNDS = numberOption('rounds', quick ? 1 : 4);
const PROCEDURE_PATH = '/trpc/system.exchangeRates';
const ME_PATH = '/trpc/auth.me';
const MEMBER_PATH = '/trpc/notifications.unreadCount';
/** Curio's request path costs at most a fifth of what the framework alone serves (docs/performance.md "Targets"). */
const GOAL_VS_BARE_TRPC = 0.8;
const DB = 'curio_bench_http';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  non2xx: number;
}

const BIN = path.join(ROOT, 'node_modules/.bin/autocannon');

interface Target {
  url: string;
  headers?: Record<string, string>;
}

async function cannon({ url, headers = {} }: Target, seconds: number): Promise<AutocannonResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await run(BIN, ['-c', String(CONNECTIONS), '-d', String(seconds), ...headerArgs, '--json', url], { maxBuffer: 1 << 26 });
  return JSON.parse(stdout) as AutocannonResult;
}

/** One member written straight into users + profiles, with a session and a personal API token (nobody signs in). */
async function createMember(url: string): Promise<{ cookie: string; bearer: string }> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const user = await pool.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ('httpbench@example.test', 'bench-no-password') RETURNING id`,
    );
    const userId = user.rows[0]!.id;
    await pool.query(`INSERT INTO profiles (user_id, nickname) VALUES ($1, 'httpbench')`, [userId]);
    const session = generateToken();
    await pool.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '30 days')`, [hashToken(session), userId]);
    const token = newApiTokenSecret();
    await pool.query(`INSERT INTO api_tokens (user_id, name, token_hash, prefix, created_at) VALUES ($1, 'bench', $2, $3, now())`, [
      userId,
      token.hash,
      token.prefix,
    ]);
    return { cookie: `${SESSION_COOKIE}=${session}`, bearer: `Bearer ${token.token}` };
  } finally {
    await pool.end();
  }
}

/** The body of a GET that must succeed. */
async function bodyOf({ url, headers }: Target): Promise<string> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body}`);
  return body;
}

/** Requests/s over all rounds; latency percentiles: the median of the rounds' (autocannon's own histogram per round). */
function combine(rounds: AutocannonResult[], secondsEach: number) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const total = rounds.reduce((n, r) => n + r.requests.total, 0);
  return {
    rps: round(total / (secondsEach * rounds.length), 0),
    total,
    roundsRps: rounds.map((r) => round(r.requests.average, 0)),
    p50: median(rounds.map((r) => r.latency.p50)),
    p99: median(rounds.map((r) => r.latency.p99)),
    max: Math.max(...rounds.map((r) => r.latency.max)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
  };
}

const started = performance.now();
const machine = await describeMachine();
const url = await recreateDatabase(DB);
const curio = await startChild('curio', 'scripts/bench/chat-fanout/server-entry.ts', { DATABASE_URL: url, BENCH_POOL_SIZE: '10' }, ROOT);
let bare: Awaited<ReturnType<typeof startChild>> | null = null;
let bareTrpc: Awaited<ReturnType<typeof startChild>> | null = null;
try {
  const curioOrigin = `http://127.0.0.1:${curio.port}`;
  const body = await bodyOf({ url: `${curioOrigin}${PROCEDURE_PATH}` });
  bare = await startChild('bare-express', 'scripts/bench/http-overhead/bare-express-entry.ts', { BENCH_BODY: body, BENCH_PATH: PROCEDURE_PATH }, ROOT);
  const bareOrigin = `http://127.0.0.1:${bare.port}`;
  if ((await bodyOf({ url: `${bareOrigin}${PROCEDURE_PATH}` })) !== body) throw new Error('the bare handler does not return the same bytes');
  // the value as superjson wrote it, so the bare tRPC server writes it again byte for byte
  const rates = JSON.stringify((JSON.parse(body) as { result: { data: unknown } }).result.data);
  bareTrpc = await startChild('bare-trpc', 'scripts/bench/bare-trpc/server-entry.ts', { BENCH_RATES: rates }, ROOT);
  const bareTrpcOrigin = `http://127.0.0.1:${bareTrpc.port}`;
  if ((await bodyOf({ url: `${bareTrpcOrigin}${PROCEDURE_PATH}` })) !== body) throw new Error('the bare tRPC server does not return the same bytes');

  const member = await createMember(url);
  const targets = {
    bare: { url: `${bareOrigin}${PROCEDURE_PATH}` },
    bareTrpc: { url: `${bareTrpcOrigin}${PROCEDURE_PATH}` },
    trpc: { url: `${curioOrigin}${PROCEDURE_PATH}` },
    healthz: { url: `${curioOrigin}/healthz` },
    meCookie: { url: `${curioOrigin}${ME_PATH}`, headers: { cookie: member.cookie } },
    memberCookie: { url: `${curioOrigin}${MEMBER_PATH}`, headers: { cookie: member.cookie } },
    memberToken: { url: `${curioOrigin}${MEMBER_PATH}`, headers: { authorization: member.bearer } },
  } satisfies Record<string, Target>;
  type Key = keyof typeof targets;
  const keys = Object.keys(targets) as Key[];
  // signed in for real: a rejected cookie or token would measure the visitor's path instead
  if (!(await bodyOf(targets.meCookie)).includes('httpbench@example.test')) throw new Error('the session cookie is not accepted');
  for (const key of ['memberCookie', 'memberToken'] as const) await bodyOf(targets[key]);

  // warm-up (JIT, the rates service's one refresh), not measured
  for (const key of keys) await cannon(targets[key], 1);
  const perRound = Math.max(1, Math.round(DURATION / ROUNDS));
  const raw = Object.fromEntries(keys.map((key) => [key, [] as AutocannonResult[]])) as Record<Key, AutocannonResult[]>;
  for (let n = 0; n < ROUNDS; n++) {
    for (const key of keys) raw[key].push(await cannon(targets[key], perRound));
  }
  const results = Object.fromEntries(keys.map((key) => [key, combine(raw[key], perRound)])) as Record<Key, ReturnType<typeof combine>>;
  for (const [name, r] of Object.entries(results))
    console.log(`${name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`);
  const failed = keys.filter((key) => results[key].errors > 0 || results[key].non2xx > 0);
  if (failed.length > 0) throw new Error(`errors or non-2xx answers from ${failed.join(', ')}: the figures would not mean what they say`);

  const vsBareTrpc = ratio(results.trpc.rps, results.bareTrpc.rps);
  const benchTargets: BenchTarget[] = [
    target(
      'trivial query req/s vs bare tRPC',
      vsBareTrpc,
      'min',
      GOAL_VS_BARE_TRPC,
      '×',
      `Curio served ${results.trpc.rps} req/s against the bare tRPC server's ${results.bareTrpc.rps}; see docs/performance.md "HTTP overhead" for the profile`,
    ),
  ];
  const summary: SummaryRow[] = [
    {
      bench: 'http',
      metric: `trivial tRPC query (${PROCEDURE_PATH}), ${CONNECTIONS} connections: req/s`,
      curio: String(results.trpc.rps),
      baseline: `${results.bareTrpc.rps} (bare tRPC)`,
      ratio: String(vsBareTrpc),
      verdict: vsBareTrpc >= GOAL_VS_BARE_TRPC ? `met (≥ ${GOAL_VS_BARE_TRPC}×)` : `NOT met (≥ ${GOAL_VS_BARE_TRPC}×)`,
    },
    {
      bench: 'http',
      metric: 'same: p50 / p99 latency (ms)',
      curio: `${results.trpc.p50} / ${results.trpc.p99}`,
      baseline: `${results.bareTrpc.p50} / ${results.bareTrpc.p99} (bare tRPC)`,
      ratio: `${ratio(results.trpc.p50, results.bareTrpc.p50)}× / ${ratio(results.trpc.p99, results.bareTrpc.p99)}×`,
      verdict: 'informational',
    },
    {
      bench: 'http',
      metric: 'same query, bare tRPC server (the framework alone): req/s',
      curio: String(results.bareTrpc.rps),
      baseline: `${results.bare.rps} (bare Express)`,
      ratio: String(ratio(results.bareTrpc.rps, results.bare.rps)),
      verdict: 'informational',
    },
    {
      bench: 'http',
      metric: 'trivial tRPC query on Curio: req/s',
      curio: String(results.trpc.rps),
      baseline: `${results.bare.rps} (bare Express)`,
      ratio: String(ratio(results.trpc.rps, results.bare.rps)),
      verdict: 'informational',
    },
    {
      bench: 'http',
      metric: 'Curio /healthz (plain route in the full app): req/s',
      curio: String(results.healthz.rps),
      baseline: `${results.bare.rps} (bare Express)`,
      ratio: String(ratio(results.healthz.rps, results.bare.rps)),
      verdict: 'informational',
    },
    {
      bench: 'http',
      metric: `signed in with a session cookie: ${ME_PATH} / ${MEMBER_PATH} req/s`,
      curio: `${results.meCookie.rps} / ${results.memberCookie.rps}`,
      baseline: `${results.trpc.rps} (the trivial query, signed out)`,
      ratio: `${ratio(results.meCookie.rps, results.trpc.rps)}× / ${ratio(results.memberCookie.rps, results.trpc.rps)}×`,
      verdict: 'informational',
    },
    {
      bench: 'http',
      metric: `signed in with a personal API token: ${MEMBER_PATH} req/s`,
      curio: String(results.memberToken.rps),
      baseline: `${results.memberCookie.rps} (same, session cookie)`,
      ratio: String(ratio(results.memberToken.rps, results.memberCookie.rps)),
      verdict: 'informational',
    },
  ];
  const notes = [
    `response ${Buffer.byteLength(body)} bytes, the same from all three servers; autocannon -c ${CONNECTIONS}, ${ROUNDS} rounds of ${perRound} s per target taking turns, after a 1 s warm-up each; req/s per round: Curio ${results.trpc.roundsRps.join(', ')}, bare tRPC ${results.bareTrpc.roundsRps.join(', ')}, bare Express ${results.bare.roundsRps.join(', ')}`,
  ];
  printSummary(summary);
  const file = await saveResult({
    bench: 'http',
    quick,
    measuredAt: new Date().toISOString(),
    machine,
    loadAverageAtEnd: loadAverage(),
    wallSeconds: round((performance.now() - started) / 1000, 1),
    summary,
    targets: benchTargets,
    notes,
    details: {
      connections: CONNECTIONS,
      rounds: ROUNDS,
      secondsPerRound: perRound,
      path: PROCEDURE_PATH,
      signedInPaths: { me: ME_PATH, member: MEMBER_PATH },
      responseBytes: Buffer.byteLength(body),
      results,
    },
  });
  console.log(`wrote ${file}`);
} finally {
  await bareTrpc?.stop();
  await bare?.stop();
  await curio.stop();
  await dropDatabase(DB);
}
