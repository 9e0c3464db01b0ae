/** Small helpers of the chat fan-out bench: percentiles, /proc readings, a seeded PRNG, letter codes. */
import { readFileSync } from 'node:fs';

export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** Nearest-rank percentiles, in the unit of the samples (milliseconds here). */
export function distribution(samples: number[]): Distribution {
  if (samples.length === 0) return { count: 0, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN, mean: Number.NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]!),
    mean: round(sum / sorted.length),
  };
}

export { round };

/** Resident and peak-resident memory of a live process, in MiB (null once it has exited). */
export function processMemory(pid: number): { rssMiB: number; hwmMiB: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMiB: round(kib('VmRSS') / 1024, 1), hwmMiB: round(kib('VmHWM') / 1024, 1) };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far; 0 when it cannot be read. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces: count fields after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each of `pids` (PostgreSQL backends, say), by pid. */
export function processesCpuSeconds(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processCpuSeconds(pid)]));
}

/** Runs one SQL statement with `$n` parameters: a pg pool's query, or a Kysely handle's. */
export type RunQuery = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** CPU seconds so far of the PostgreSQL backends serving `database`, other than the asking connection's, by pid. */
export async function databaseBackendsCpu(query: RunQuery, database: string): Promise<Map<number, number>> {
  const { rows } = await query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
  return processesCpuSeconds((rows as Array<{ pid: number }>).map(({ pid }) => pid));
}

/**
 * CPU seconds the processes used between two readings. A process first seen in `after` started
 * in between and counts whole; one gone by `after` is not counted (read `after` before it ends).
 */
export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return round(total, 2);
}

/** mulberry32: the same pairs and order on every run with the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Consonants only, and none of b, f, l, q, v, w, x, y, z: no spelled-out "dot" or "at" and none of
 * the abbreviations the contact filter knows (zfb, vx, wx, qq…) can form, so the filter never masks
 * a bench message, which the bench would count as lost (200,000 generated contents checked against
 * findContactDetails: no hit; the earlier alphabet with vowels gave "odotcc" and "zfb").
 */
const LETTERS = 'cdghjkmnprst';

/**
 * Numbers written with letters only. Message content carries the message id and its send time;
 * digits there could trip the contact-detail filter (a run of digits reads as a phone or card
 * number) and be masked, so no digits at all.
 */
export function toLetters(n: number): string {
  let value = Math.floor(n);
  let out = '';
  do {
    out = LETTERS[value % LETTERS.length]! + out;
    value = Math.floor(value / LETTERS.length);
  } while (value > 0);
  return out;
}

export function fromLetters(text: string): number {
  let value = 0;
  for (const char of text) {
    const digit = LETTERS.indexOf(char);
    if (digit < 0) return Number.NaN;
    value = value * LETTERS.length + digit;
  }
  return value;
}

/** `chatbench <id> <sent at, µs of performance.now()>`, and back. */
export function messageContent(id: number, sentAtMs: number): string {
  return `chatbench ${toLetters(id)} ${toLetters(Math.round(sentAtMs * 1000))}`;
}

export function parseContent(content: string): { id: number; sentAtMs: number } | null {
  const match = /^chatbench ([a-z]+) ([a-z]+)$/.exec(content);
  if (!match) return null;
  return { id: fromLetters(match[1]!), sentAtMs: fromLetters(match[2]!) / 1000 };
}
