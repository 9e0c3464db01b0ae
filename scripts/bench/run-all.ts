/**
 * `npm run bench`: every benchmark of engineering rule E-18 in sequence — feed, purchase, http,
 * client, chat — each in its own process (as `npm run bench:<name>` runs it alone), then one
 * summary table (printed and written to bench/results/summary.json) and, after a full run, the
 * "latest results" section of docs/performance.md rewritten between its markers with the table,
 * the machine and how to reproduce it.
 *
 *   npm run bench [-- --quick] [--only feed,purchase] [--docs]
 *
 * --quick: every bench's smoke option (minutes in all); the docs are left alone unless --docs.
 * --only: a subset, in the usual order.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  describeMachine,
  flag,
  loadAverage,
  markdownTable,
  printSummary,
  resultFile,
  RESULTS_DIR,
  ROOT,
  round,
  saveResult,
  target,
  type BenchResult,
  type BenchTarget,
  type Machine,
  type SummaryRow,
} from './lib/common.ts';

const quick = flag('quick');
const writeDocs = !quick || flag('docs');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set(process.argv[onlyAt + 1]!.split(',')) : null;

interface Bench {
  name: string;
  script: string;
  args: string[];
  reproduce: string;
}

const BENCHES: Bench[] = [
  { name: 'feed', script: 'scripts/bench/feed.ts', args: quick ? ['--quick'] : [], reproduce: 'npm run bench:feed' },
  { name: 'purchase', script: 'scripts/bench/purchase.ts', args: quick ? ['--quick'] : [], reproduce: 'npm run bench:purchase' },
  { name: 'http', script: 'scripts/bench/http-overhead.ts', args: quick ? ['--quick'] : [], reproduce: 'npm run bench:http' },
  { name: 'client', script: 'scripts/bench/client.ts', args: quick ? ['--quick'] : [], reproduce: 'npm run bench:client' },
  // the chat bench keeps its own result format (chat-fanout-latest.json); a smoke run is not saved
  {
    name: 'chat',
    script: 'scripts/bench/chat-fanout.ts',
    args: quick ? ['--clients', '100', '--messages', '500', '--no-save'] : [],
    reproduce: 'npm run bench:chat',
  },
];

function runBench(bench: Bench): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bench.script, ...bench.args], { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

interface ChatResult {
  measuredAt: string;
  ok: boolean;
  options: { clients: number; messages: number; concurrency: number };
  machine: { loadAverageAtStart: number[] };
  curio: {
    latencyMs: { delivery: { p50: number; p99: number } };
    sends: { messagesPerSecond: number };
    processes: Array<{ rssMiB: { peakDuringSends: number } }>;
    verification: { lost: number; duplicated: number; outOfOrder: number };
  };
  targets?: BenchTarget[];
  baseline: {
    latencyMs: { delivery: { p50: number; p99: number } };
    sends: { messagesPerSecond: number };
    processes: Array<{ rssMiB: { peakDuringSends: number } }>;
  } | null;
  /** The bare tRPC chat (scripts/bench/chat-fanout/bare-trpc-chat.ts), when the run had it. */
  bare?: {
    latencyMs: { delivery: { p50: number; p99: number } };
    sends: { messagesPerSecond: number };
  } | null;
}

function chatSummary(r: ChatResult): SummaryRow[] {
  const c = r.curio;
  const b = r.baseline;
  const x = (ours: number, theirs: number | undefined) => (theirs ? `${round(ours / theirs, 2)}×` : '–');
  const label = `${r.options.clients} clients, ${r.options.messages} messages`;
  const rss = (p: Array<{ rssMiB: { peakDuringSends: number } }>) =>
    round(
      p.reduce((n, q) => n + q.rssMiB.peakDuringSends, 0),
      0,
    );
  return [
    {
      bench: 'chat',
      metric: `${label}: delivery p50 / p99 (ms)`,
      curio: `${c.latencyMs.delivery.p50} / ${c.latencyMs.delivery.p99}`,
      baseline: b ? `${b.latencyMs.delivery.p50} / ${b.latencyMs.delivery.p99} (bare ws)` : '–',
      ratio: `${x(c.latencyMs.delivery.p50, b?.latencyMs.delivery.p50)} / ${x(c.latencyMs.delivery.p99, b?.latencyMs.delivery.p99)}`,
      verdict: 'informational',
    },
    {
      bench: 'chat',
      metric: 'messages/s; server RSS peak (MiB, all processes)',
      curio: `${c.sends.messagesPerSecond}; ${rss(c.processes)}`,
      baseline: b ? `${b.sends.messagesPerSecond}; ${rss(b.processes)}` : '–',
      ratio: `${x(c.sends.messagesPerSecond, b?.sends.messagesPerSecond)}; ${x(rss(c.processes), b ? rss(b.processes) : undefined)}`,
      verdict: 'informational',
    },
    ...(r.bare
      ? [
          {
            bench: 'chat',
            metric: 'bare tRPC chat (no Curio logic): messages/s; delivery p99 (ms)',
            curio: `${r.bare.sends.messagesPerSecond}; ${r.bare.latencyMs.delivery.p99}`,
            baseline: b ? `${b.sends.messagesPerSecond}; ${b.latencyMs.delivery.p99} (bare ws)` : '–',
            ratio: `${x(r.bare.sends.messagesPerSecond, b?.sends.messagesPerSecond)}; ${x(r.bare.latencyMs.delivery.p99, b?.latencyMs.delivery.p99)}`,
            verdict: 'informational',
          },
        ]
      : []),
    {
      bench: 'chat',
      metric: 'lost / duplicated / out of order',
      curio: `${c.verification.lost} / ${c.verification.duplicated} / ${c.verification.outOfOrder}`,
      baseline: '0 / 0 / 0',
      ratio: '–',
      verdict: r.ok ? 'met' : 'NOT MET',
    },
  ];
}

function targetCells(t: BenchTarget): string[] {
  const goal = t.bound === 'report' ? 'reported' : `${t.bound === 'min' ? '≥' : '≤'} ${t.goal} ${t.unit}`;
  return [t.name, `${t.value} ${t.unit}`, goal, t.met ? 'met' : `**not met**${t.why ? `: ${t.why}` : ''}`];
}

// the figures of record are Node 24's (docs/operations.md): an older runtime on PATH would measure something else
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.warn(`warning: Node ${process.version} runs the benches; put Node 24 first on PATH: export PATH="$(bash scripts/node-24.sh):$PATH"`);
}
const runStarted = new Date();
const machine: Machine = await describeMachine();
console.log(
  `npm run bench${quick ? ' --quick' : ''}: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}, load ${machine.loadAverage.join(' ')}`,
);

const outcomes: Array<{ bench: Bench; exitCode: number; seconds: number; loadBefore: number[]; result: BenchResult | null; chat: ChatResult | null }> = [];
for (const bench of BENCHES) {
  if (only && !only.has(bench.name)) continue;
  console.log(`\n=== ${bench.name}: ${bench.script} ${bench.args.join(' ')} (load ${loadAverage().join(' ')}) ===`);
  const loadBefore = loadAverage();
  const t0 = performance.now();
  const exitCode = await runBench(bench);
  const seconds = round((performance.now() - t0) / 1000, 1);
  let result: BenchResult | null = null;
  let chat: ChatResult | null = null;
  // only figures written by this run count: a stale file from an earlier run is not presented as fresh
  if (bench.name === 'chat') {
    const file = path.join(RESULTS_DIR, 'chat-fanout-latest.json');
    if (!quick && existsSync(file)) {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as ChatResult;
      if (new Date(parsed.measuredAt) >= runStarted) chat = parsed;
    }
  } else if (existsSync(resultFile(bench.name, quick))) {
    const parsed = JSON.parse(await readFile(resultFile(bench.name, quick), 'utf8')) as BenchResult;
    if (new Date(parsed.measuredAt) >= runStarted) result = parsed;
  }
  outcomes.push({ bench, exitCode, seconds, loadBefore, result, chat });
  console.log(`=== ${bench.name} finished in ${seconds} s with exit code ${exitCode} ===`);
}

const rows: SummaryRow[] = [];
for (const o of outcomes) {
  if (o.result) rows.push(...o.result.summary);
  else if (o.chat) rows.push(...chatSummary(o.chat));
  else if (o.bench.name === 'chat' && quick && o.exitCode === 0)
    rows.push({ bench: 'chat', metric: 'smoke run (100 clients, 500 messages), not saved', curio: 'see output', baseline: '–', ratio: '–', verdict: 'ok' });
  if (o.exitCode !== 0) rows.push({ bench: o.bench.name, metric: 'exit code', curio: String(o.exitCode), baseline: '0', ratio: '–', verdict: 'FAILED' });
}
const totalSeconds = round((Date.now() - runStarted.getTime()) / 1000, 0);
/** docs/performance.md "Targets": the whole `npm run bench` finishes within half an hour on this machine. */
const BENCH_MINUTES_MAX = 30;
const targets: BenchTarget[] = outcomes.flatMap((o) => o.result?.targets ?? o.chat?.targets ?? []);
if (!quick && !only) targets.push(target('bench wall time of the whole run', round(totalSeconds / 60, 1), 'max', BENCH_MINUTES_MAX, 'min'));
// a bench that failed writes no figures: its targets are missing, which is itself a miss
for (const o of outcomes) {
  if (o.exitCode !== 0) targets.push({ ...target(`${o.bench.name} bench finished`, 0, 'min', 1, 'ok'), why: `exit code ${o.exitCode}` });
}
console.log(`\nall benches done in ${round(totalSeconds / 60, 1)} min`);
printSummary(rows);
await saveResult({
  bench: 'summary',
  quick,
  measuredAt: runStarted.toISOString(),
  machine,
  loadAverageAtEnd: loadAverage(),
  wallSeconds: totalSeconds,
  summary: rows,
  targets,
  notes: outcomes.flatMap((o) => o.result?.notes.map((n) => `${o.bench.name}: ${n}`) ?? []),
  details: { benches: outcomes.map((o) => ({ name: o.bench.name, exitCode: o.exitCode, seconds: o.seconds, loadAverageBefore: o.loadBefore })) },
});
if (targets.length > 0) {
  console.log(`\ntargets: ${targets.filter((t) => t.met).length} of ${targets.length} met`);
  console.log(markdownTable(['target', 'value', 'goal', 'met'], targets.map(targetCells)));
}

if (writeDocs) {
  const doc = path.join(ROOT, 'docs/performance.md');
  const START = '<!-- bench:latest:start (written by `npm run bench`; edit the script, not this section) -->';
  const END = '<!-- bench:latest:end -->';
  const section = [
    START,
    `## Latest \`npm run bench\`${quick ? ' --quick (smoke run: small datasets, few requests — not the figures of record)' : ''}`,
    '',
    `Run of ${runStarted.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${round(totalSeconds / 60, 1)} minutes in all. ` +
      `**Machine:** ${machine.cpus} vCPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB RAM, Node ${machine.node.replace(/^v/, '')}, ` +
      `PostgreSQL ${machine.postgres} (default settings), everything on the one machine, shared with other sessions' test runs. ` +
      `Load average (1/5/15 min) at the start ${machine.loadAverage.join(' / ')}; before each bench: ` +
      `${outcomes.map((o) => `${o.bench.name} ${o.loadBefore[0]}`).join(', ')}; at the end ${loadAverage().join(' / ')}. ` +
      'Every ratio is Curio over a baseline measured in the same run, so both sides saw the same load.',
    '',
    ...(targets.length > 0
      ? [
          `### Targets: ${targets.filter((t) => t.met).length} of ${targets.length} met`,
          '',
          'Also in `bench/results/summary.json` as `targets: [{ name, value, goal, bound, unit, met, why }]`.',
          '',
          markdownTable(['target', 'value', 'goal', 'met'], targets.map(targetCells)),
          '',
          '### All figures',
          '',
        ]
      : []),
    markdownTable(
      ['bench', 'metric', 'Curio', 'baseline', 'Curio / baseline', 'verdict'],
      rows.map((r) => [r.bench, r.metric, r.curio, r.baseline, r.ratio, r.verdict]),
    ),
    '',
    ...outcomes.flatMap((o) => (o.result?.notes ?? []).map((n) => `- ${o.bench.name}: ${n}`)),
    ...outcomes.map((o) => `- ${o.bench.name}: ${o.seconds} s, exit code ${o.exitCode}`),
    '',
    '**Reproduce:** `npm run bench` (PostgreSQL at `BENCH_PG_URL`, else `DATABASE_URL`, else `postgres://root@127.0.0.1:5432`; ' +
      'only its host and credentials are used, the benches create their own `curio_bench_*` databases). ' +
      `One bench alone: ${BENCHES.map((b) => `\`${b.reproduce}\``).join(', ')}; each takes \`-- --quick\` for a smoke run. ` +
      'Raw figures: `bench/results/<bench>.json` (`summary.json` for this table).',
    END,
  ].join('\n');
  const text = await readFile(doc, 'utf8');
  const at = text.indexOf(START.slice(0, 30));
  const end = text.indexOf(END);
  let next: string;
  if (at >= 0 && end > at) next = text.slice(0, at) + section + text.slice(end + END.length);
  else {
    // first time: after the introduction, before the first bench's own section
    const firstSection = text.indexOf('\n## ');
    next = firstSection >= 0 ? `${text.slice(0, firstSection)}\n\n${section}\n${text.slice(firstSection)}` : `${text}\n${section}\n`;
  }
  await writeFile(doc, next);
  console.log('rewrote the latest-results section of docs/performance.md');
}
if (outcomes.some((o) => o.exitCode !== 0)) process.exitCode = 1;
