/**
 * Shared plumbing of the benches in scripts/bench/: command-line flags, the machine description,
 * bench databases on the PostgreSQL server, and the result files (bench/results/<name>.json, the
 * latest, committed; plus a timestamped copy, gitignored).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');

const args = process.argv.slice(2);

export function flag(name: string): boolean {
  return args.includes(`--${name}`);
}

export function numberOption(name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const raw = at >= 0 ? args[at + 1] : process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number, got ${raw}`);
  return value;
}

export const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export function ratio(ours: number, baseline: number, places = 2): number {
  return baseline === 0 ? Number.NaN : round(ours / baseline, places);
}

/** The server's base URL (host and credentials only): BENCH_PG_URL, else DATABASE_URL, else local trust auth. */
export function serverUrl(): string {
  const raw = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432';
  const url = new URL(raw);
  url.pathname = '/';
  return url.toString().replace(/\/$/, '');
}

export function databaseUrl(name: string): string {
  return `${serverUrl()}/${name}`;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  return `"${name}"`;
};

export async function databaseExists(name: string): Promise<boolean> {
  return admin(async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
}

/** Drops (ending its sessions) and creates an empty database. */
export async function recreateDatabase(name: string): Promise<string> {
  await dropDatabase(name);
  await admin((client) => client.query(`CREATE DATABASE ${quoted(name)}`));
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  loadAverage: number[];
}

export async function describeMachine(): Promise<Machine> {
  const postgres = await admin(async (client) => (await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]!.v);
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: (cpus[0]?.model ?? 'unknown').replace(/\s+\d+-Core Processor$/, '').trim(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres,
    loadAverage: os.loadavg().map((n) => round(n, 2)),
  };
}

export function loadAverage(): number[] {
  return os.loadavg().map((n) => round(n, 2));
}

/** One line of the summary table `npm run bench` prints and writes into docs/performance.md. */
export interface SummaryRow {
  bench: string;
  metric: string;
  curio: string;
  baseline: string;
  /** Curio / baseline, as text ("1.4×", "0.23") or "–". */
  ratio: string;
  /** Target met / not met / informational. */
  verdict: string;
}

/**
 * One performance target of docs/performance.md "Targets": `value` as measured in this run,
 * `goal` the bound it must meet (both in `unit`), `met` whether it did. `why` says, for a target
 * not met, what the profile of this run shows (never left out: a miss is written as a miss).
 * A 'report' target (the WEB_CONCURRENCY=2 factor) asks only that the figure was measured.
 */
export interface BenchTarget {
  name: string;
  value: number;
  goal: number | 'reported';
  /** 'min': value must be at least goal; 'max': at most goal; 'report': measured at all. */
  bound: 'min' | 'max' | 'report';
  unit: string;
  met: boolean;
  why?: string;
}

/** A target whose `met` is computed from value, goal and bound, so no bench can write it by hand. */
export function target(name: string, value: number, bound: 'min' | 'max', goal: number, unit: string, why?: string): BenchTarget {
  const met = Number.isFinite(value) && (bound === 'min' ? value >= goal : value <= goal);
  return { name, value: round(value, 3), goal, bound, unit, met, ...(met || !why ? {} : { why }) };
}

/** A figure the targets ask to be reported, not bounded: met once it was measured. */
export function reported(name: string, value: number, unit: string, why?: string): BenchTarget {
  const met = Number.isFinite(value);
  return { name, value: round(value, 3), goal: 'reported', bound: 'report', unit, met, ...(met || !why ? {} : { why }) };
}

export interface BenchResult {
  bench: string;
  quick: boolean;
  measuredAt: string;
  machine: Machine;
  loadAverageAtEnd: number[];
  wallSeconds: number;
  summary: SummaryRow[];
  /** The bench's entries of the `targets` array in bench/results/summary.json. */
  targets?: BenchTarget[];
  notes: string[];
  details: unknown;
}

export function resultFile(bench: string, quick: boolean): string {
  return path.join(RESULTS_DIR, `${bench}${quick ? '-quick' : ''}.json`);
}

/**
 * Writes bench/results/<bench>.json (or <bench>-quick.json for a smoke run, so it never
 * replaces the figures of a full run) and a timestamped copy next to it. With --no-save an
 * exploratory run writes nothing, so it cannot replace the figures of record.
 */
export async function saveResult(result: BenchResult): Promise<void> {
  if (flag('no-save')) {
    console.log('--no-save: no result file written');
    return;
  }
  await mkdir(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const latest = resultFile(result.bench, result.quick);
  const stamp = result.measuredAt.replace(/[:.]/g, '-');
  await writeFile(latest, json);
  await writeFile(latest.replace(/\.json$/, `-${stamp}.json`), json);
  console.log(`wrote ${path.relative(ROOT, latest)}`);
}

export function markdownTable(header: string[], rows: string[][]): string {
  const align = header.map((_, i) => (i === 0 ? '---' : '---:'));
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export function printSummary(rows: SummaryRow[]): void {
  console.log(
    `\n${markdownTable(
      ['bench', 'metric', 'Curio', 'baseline', 'Curio / baseline', 'verdict'],
      rows.map((r) => [r.bench, r.metric, r.curio, r.baseline, r.ratio, r.verdict]),
    )}\n`,
  );
}
