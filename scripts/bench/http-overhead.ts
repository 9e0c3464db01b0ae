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
 * cookie and `notifications.unreadCount` with a personal API token. Load: autocannon, the same
 * connections and round length for every target, in a process of its own that stays for the
 * whole run (http-overhead/load-runner.ts), so that a round costs no process start.
 *
 * The machine is shared and its load comes in bursts of seconds, so the target is measured in
 * many short rounds: in each, Curio and the bare tRPC server are loaded back to back (which one
 * goes first alternates), and the target is the median of the rounds' Curio / bare tRPC ratios,
 * which a burst spoiling a few rounds does not move. The other targets get fewer rounds, spread
 * between those. Each server's CPU time per request is read from /proc/<pid>/stat around every
 * round and shown beside the requests/s: on a quiet machine it says where the ratio comes from
 * (the server is what runs out of CPU), under a burst it rises with the load as time does.
 *
 *   npm run bench:http [-- --quick] [--connections 16] [--rounds 24] [--seconds 1] [--no-save]
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { SESSION_COOKIE } from '../../server/src/domain/accounts/sessions.ts';
import { newApiTokenSecret } from '../../server/src/domain/accounts/api-tokens.ts';
import { generateToken, hashToken } from '../../server/src/domain/accounts/tokens.ts';
import { startChild, type ChildServer } from './chat-fanout/processes.ts';
import { processCpuSeconds } from './chat-fanout/stats.ts';
import type { Load, LoadResult } from './http-overhead/load-runner.ts';
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

const quick = flag('quick');
const CONNECTIONS = numberOption('connections', 16);
/** Rounds of the target's pair (Curio, bare tRPC); every other target gets a round after each INFO_EVERY of them. */
const ROUNDS = Math.max(1, Math.round(numberOption('rounds', quick ? 4 : 24)));
const INFO_EVERY = 4;
/** Seconds each target is loaded per round: short, so that a burst of load spoils few rounds (autocannon counts whole seconds). */
const SECONDS = Math.max(1, Math.round(numberOption('seconds', 1)));
const PROCEDURE_PATH = '/trpc/system.exchangeRates';
const ME_PATH = '/trpc/auth.me';
const MEMBER_PATH = '/trpc/notifications.unreadCount';
/** Curio's request path costs at most a fifth of what the framework alone serves (docs/performance.md "Targets"). */
const GOAL_VS_BARE_TRPC = 0.8;
const DB = 'curio_bench_http';

/** One round of one target: autocannon's figures and the CPU time its server spent meanwhile. */
interface Round {
  rps: number;
  requests: number;
  seconds: number;
  cpuSeconds: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

interface Target {
  url: string;
  headers?: Record<string, string>;
  /** The server process that answers it, whose CPU time is read around each round. */
  server: ChildServer;
}

/** autocannon in a process of its own for the whole run (scripts/bench/http-overhead/load-runner.ts). */
function startLoadRunner(): ChildProcess {
  return fork(path.join(ROOT, 'scripts/bench/http-overhead/load-runner.ts'), [], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function load(runner: ChildProcess, job: Load): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the load runner exited (code ${code})`));
    runner.once('exit', onExit);
    runner.once('message', (result: LoadResult) => {
      runner.off('exit', onExit);
      resolve(result);
    });
    runner.send(job);
  });
}

async function cannon(runner: ChildProcess, { url, headers = {}, server }: Target, seconds: number): Promise<Round> {
  const cpuBefore = processCpuSeconds(server.pid);
  const r = await load(runner, { url, headers, connections: CONNECTIONS, seconds });
  const cpuSeconds = processCpuSeconds(server.pid) - cpuBefore;
  return {
    rps: r.requests.total / r.duration,
    requests: r.requests.total,
    seconds: r.duration,
    cpuSeconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    non2xx: r.non2xx,
  };
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
async function bodyOf({ url, headers }: { url: string; headers?: Record<string, string> }): Promise<string> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body}`);
  return body;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A target over its rounds: requests/s over all of them, the server's CPU time per request over
 * all of them (µs), and latency percentiles as the median of the rounds' (autocannon's own
 * histogram per round).
 */
function combine(rounds: Round[]) {
  const total = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0);
  const cpuSeconds = rounds.reduce((n, r) => n + r.cpuSeconds, 0);
  return {
    rps: round(total / seconds, 0),
    total,
    cpuMicrosPerRequest: round((cpuSeconds * 1e6) / total, 0),
    roundsRps: rounds.map((r) => round(r.rps, 0)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    max: Math.max(...rounds.map((r) => r.max)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
  };
}

const started = performance.now();
const machine = await describeMachine();
const loadAtStart = loadAverage();
const url = await recreateDatabase(DB);
const curio = await startChild('curio', 'scripts/bench/chat-fanout/server-entry.ts', { DATABASE_URL: url, BENCH_POOL_SIZE: '10' }, ROOT);
let bare: ChildServer | null = null;
let bareTrpc: ChildServer | null = null;
const runner = startLoadRunner();
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
    trpc: { url: `${curioOrigin}${PROCEDURE_PATH}`, server: curio },
    bareTrpc: { url: `${bareTrpcOrigin}${PROCEDURE_PATH}`, server: bareTrpc },
    bare: { url: `${bareOrigin}${PROCEDURE_PATH}`, server: bare },
    healthz: { url: `${curioOrigin}/healthz`, server: curio },
    meCookie: { url: `${curioOrigin}${ME_PATH}`, headers: { cookie: member.cookie }, server: curio },
    memberCookie: { url: `${curioOrigin}${MEMBER_PATH}`, headers: { cookie: member.cookie }, server: curio },
    memberToken: { url: `${curioOrigin}${MEMBER_PATH}`, headers: { authorization: member.bearer }, server: curio },
  } satisfies Record<string, Target>;
  type Key = keyof typeof targets;
  const keys = Object.keys(targets) as Key[];
  const others = keys.filter((key) => key !== 'trpc' && key !== 'bareTrpc');
  // signed in for real: a rejected cookie or token would measure the visitor's path instead
  if (!(await bodyOf(targets.meCookie)).includes('httpbench@example.test')) throw new Error('the session cookie is not accepted');
  for (const key of ['memberCookie', 'memberToken'] as const) await bodyOf(targets[key]);

  // warm-up (JIT, the rates service's one refresh), not measured; the pair's a little longer
  for (const key of keys) await cannon(runner, targets[key], key === 'trpc' || key === 'bareTrpc' ? 2 : 1);
  const raw = Object.fromEntries(keys.map((key) => [key, [] as Round[]])) as Record<Key, Round[]>;
  /** Curio / bare tRPC in requests/s and in CPU time per request, per round of the pair. */
  const pairRatios: number[] = [];
  const pairCpuRatios: number[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    // back to back, the first place taken in turns: neither server always follows the other
    const order: Key[] = n % 2 === 0 ? ['trpc', 'bareTrpc'] : ['bareTrpc', 'trpc'];
    for (const key of order) raw[key].push(await cannon(runner, targets[key], SECONDS));
    const [ours, theirs] = [raw.trpc.at(-1)!, raw.bareTrpc.at(-1)!];
    pairRatios.push(ours.rps / theirs.rps);
    pairCpuRatios.push(ours.cpuSeconds / ours.requests / (theirs.cpuSeconds / theirs.requests));
    if ((n + 1) % INFO_EVERY === 0 || (n === ROUNDS - 1 && raw.bare.length === 0)) {
      for (const key of others) raw[key].push(await cannon(runner, targets[key], SECONDS));
    }
  }
  const results = Object.fromEntries(keys.map((key) => [key, combine(raw[key])])) as Record<Key, ReturnType<typeof combine>>;
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${r.cpuMicrosPerRequest} µs/request, errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
  const failed = keys.filter((key) => results[key].errors > 0 || results[key].non2xx > 0);
  if (failed.length > 0) throw new Error(`errors or non-2xx answers from ${failed.join(', ')}: the figures would not mean what they say`);

  const vsBareTrpc = round(median(pairRatios), 2);
  const cpuVsBareTrpc = round(median(pairCpuRatios), 2);
  const cpu = (key: Key) => results[key].cpuMicrosPerRequest;
  const benchTargets: BenchTarget[] = [
    target(
      'trivial query req/s vs bare tRPC',
      vsBareTrpc,
      'min',
      GOAL_VS_BARE_TRPC,
      '×',
      `median of ${ROUNDS} back-to-back rounds (${round(Math.min(...pairRatios), 2)}–${round(Math.max(...pairRatios), 2)}); ` +
        `Curio spent ${cpu('trpc')} µs of CPU per request against the bare tRPC server's ${cpu('bareTrpc')}; see docs/performance.md "HTTP overhead" for the profile`,
    ),
  ];
  const summary: SummaryRow[] = [
    {
      bench: 'http',
      metric: `trivial tRPC query (${PROCEDURE_PATH}), ${CONNECTIONS} connections: req/s (ratio: median of ${ROUNDS} back-to-back rounds)`,
      curio: String(results.trpc.rps),
      baseline: `${results.bareTrpc.rps} (bare tRPC)`,
      ratio: String(vsBareTrpc),
      verdict: vsBareTrpc >= GOAL_VS_BARE_TRPC ? `met (≥ ${GOAL_VS_BARE_TRPC}×)` : `NOT met (≥ ${GOAL_VS_BARE_TRPC}×)`,
    },
    {
      bench: 'http',
      metric: 'same: server CPU per request (µs, /proc; ratio: median of the rounds)',
      curio: String(cpu('trpc')),
      baseline: `${cpu('bareTrpc')} (bare tRPC)`,
      ratio: `${cpuVsBareTrpc}×`,
      verdict: 'informational',
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
      metric: 'same query, bare tRPC server (the framework alone): req/s (CPU µs per request)',
      curio: `${results.bareTrpc.rps} (${cpu('bareTrpc')})`,
      baseline: `${results.bare.rps} (${cpu('bare')}) (bare Express)`,
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
      metric: 'Curio /healthz (plain route in the full app): req/s (CPU µs per request)',
      curio: `${results.healthz.rps} (${cpu('healthz')})`,
      baseline: `${results.bare.rps} (${cpu('bare')}) (bare Express)`,
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
  const otherRounds = raw.bare.length;
  const notes = [
    `response ${Buffer.byteLength(body)} bytes, the same from all three servers; autocannon -c ${CONNECTIONS}, rounds of ${SECONDS} s after a warm-up of 1–2 s per target: ` +
      `${ROUNDS} of Curio and bare tRPC back to back, ${otherRounds} of the other targets between them; load average ${loadAtStart.join(' / ')} at the start, ${loadAverage().join(' / ')} at the end`,
    `Curio / bare tRPC per round, req/s: ${pairRatios.map((r) => round(r, 2)).join(', ')}; server CPU per request: ${pairCpuRatios.map((r) => round(r, 2)).join(', ')}`,
    `req/s per round: Curio ${results.trpc.roundsRps.join(', ')}; bare tRPC ${results.bareTrpc.roundsRps.join(', ')}; bare Express ${results.bare.roundsRps.join(', ')}`,
    `server CPU per request (µs, /proc): Curio trivial query ${cpu('trpc')}, /healthz ${cpu('healthz')}, ${ME_PATH} ${cpu('meCookie')}, ${MEMBER_PATH} ${cpu('memberCookie')} (cookie) / ${cpu('memberToken')} (token); bare tRPC ${cpu('bareTrpc')}; bare Express ${cpu('bare')}`,
  ];
  printSummary(summary);
  await saveResult({
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
      otherRounds,
      secondsPerRound: SECONDS,
      path: PROCEDURE_PATH,
      signedInPaths: { me: ME_PATH, member: MEMBER_PATH },
      responseBytes: Buffer.byteLength(body),
      pairRatios: pairRatios.map((r) => round(r, 3)),
      pairCpuRatios: pairCpuRatios.map((r) => round(r, 3)),
      results,
    },
  });
} finally {
  runner.disconnect();
  await bareTrpc?.stop();
  await bare?.stop();
  await curio.stop();
  await dropDatabase(DB);
}
