/**
 * HTTP-overhead benchmark (docs/performance.md "HTTP overhead"): the cost of Curio's request path
 * around a trivial procedure. `system.exchangeRates` is a public tRPC query answered from memory
 * (no database: the rates service refreshes once, falls back offline, then serves its copy),
 * called as the browser calls it (GET /trpc/system.exchangeRates) on a Curio server process (the
 * `npm start` composition root: security headers, CSRF guard, tRPC context with its
 * session-cookie check, zod output validation, superjson). Baseline: a bare Express handler in
 * the same kind of process (plain `node`) returning the very same JSON bytes. Also shown:
 * Curio's own /healthz (a plain Express route inside the full app). Load: autocannon, in its own
 * process, the same connections and duration for each target, in rounds taking turns.
 *
 *   npm run bench:http [-- --quick] [--connections 16] [--duration 10]
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
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
const DB = 'curio_bench_http';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  non2xx: number;
}

const BIN = path.join(ROOT, 'node_modules/.bin/autocannon');

async function cannon(url: string, seconds: number): Promise<AutocannonResult> {
  const { stdout } = await run(BIN, ['-c', String(CONNECTIONS), '-d', String(seconds), '--json', url], { maxBuffer: 1 << 26 });
  return JSON.parse(stdout) as AutocannonResult;
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
try {
  const curioOrigin = `http://127.0.0.1:${curio.port}`;
  const first = await fetch(`${curioOrigin}${PROCEDURE_PATH}`);
  const body = await first.text();
  if (!first.ok) throw new Error(`${PROCEDURE_PATH} answered ${first.status}: ${body}`);
  bare = await startChild('bare-express', 'scripts/bench/http-overhead/bare-express-entry.ts', { BENCH_BODY: body, BENCH_PATH: PROCEDURE_PATH }, ROOT);
  const bareOrigin = `http://127.0.0.1:${bare.port}`;
  const bareBody = await (await fetch(`${bareOrigin}${PROCEDURE_PATH}`)).text();
  if (bareBody !== body) throw new Error('the bare handler does not return the same bytes');

  const targets = { bare: `${bareOrigin}${PROCEDURE_PATH}`, trpc: `${curioOrigin}${PROCEDURE_PATH}`, healthz: `${curioOrigin}/healthz` };
  // warm-up (JIT, the rates service's one refresh), not measured
  for (const target of Object.values(targets)) await cannon(target, 1);
  const perRound = Math.max(1, Math.round(DURATION / ROUNDS));
  const raw: Record<keyof typeof targets, AutocannonResult[]> = { bare: [], trpc: [], healthz: [] };
  for (let n = 0; n < ROUNDS; n++) {
    for (const key of Object.keys(targets) as Array<keyof typeof targets>) raw[key].push(await cannon(targets[key], perRound));
  }
  const results = { bare: combine(raw.bare, perRound), trpc: combine(raw.trpc, perRound), healthz: combine(raw.healthz, perRound) };
  for (const [name, r] of Object.entries(results))
    console.log(`${name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`);
  const summary: SummaryRow[] = [
    {
      bench: 'http',
      metric: `trivial tRPC query (${PROCEDURE_PATH}), ${CONNECTIONS} connections: req/s`,
      curio: String(results.trpc.rps),
      baseline: `${results.bare.rps} (bare Express)`,
      ratio: String(ratio(results.trpc.rps, results.bare.rps)),
      verdict: 'informational',
    },
    {
      bench: 'http',
      metric: 'same: p50 / p99 latency (ms)',
      curio: `${results.trpc.p50} / ${results.trpc.p99}`,
      baseline: `${results.bare.p50} / ${results.bare.p99}`,
      ratio: `${ratio(results.trpc.p50, results.bare.p50)}× / ${ratio(results.trpc.p99, results.bare.p99)}×`,
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
  ];
  const notes = [
    `response ${Buffer.byteLength(body)} bytes; autocannon -c ${CONNECTIONS}, ${ROUNDS} rounds of ${perRound} s per target taking turns, after a 1 s warm-up each; tRPC req/s per round ${results.trpc.roundsRps.join(', ')}, bare ${results.bare.roundsRps.join(', ')}`,
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
    notes,
    details: { connections: CONNECTIONS, rounds: ROUNDS, secondsPerRound: perRound, path: PROCEDURE_PATH, responseBytes: Buffer.byteLength(body), results },
  });
  console.log(`wrote ${file}`);
} finally {
  await bare?.stop();
  await curio.stop();
  await dropDatabase(DB);
}
