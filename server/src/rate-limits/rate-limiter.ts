import { sql, type Kysely } from 'kysely';
import ipaddr from 'ipaddr.js';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain/domain-error.ts';
import { RATE_LIMITS, type RateLimitName } from './budgets.ts';

/**
 * Fixed-window counters in PostgreSQL (table rate_limit_counters), so every server process
 * spends one budget: two processes allow no more than one. One statement counts and reads a key
 * atomically, so racing requests cannot both take the last point. The window rule is the SQL
 * function curio_spend_rate_limit (migrations/20261128T0100_rate_limit_spend_in_sql.ts, in PL/pgSQL
 * since 20261129T0100_rate_limit_spend_plpgsql.ts), which database functions also call to spend a
 * budget in the statement they limit (ADR 0041).
 */
export interface RateLimitDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** A budget as the SQL function takes it: which key, how many points, how long a window. */
export interface RateLimitSpend {
  key: string;
  budget: number;
  windowSeconds: number;
}

/** The row of `rate_limit_counters` that counts `key` under budget `name`. */
function storageKey(name: RateLimitName, key: string): string {
  return `${name}:${key}`;
}

export function rateLimitSpend(name: RateLimitName, key: string): RateLimitSpend {
  return { key: storageKey(name, key), budget: RATE_LIMITS[name].points, windowSeconds: RATE_LIMITS[name].windowSeconds };
}

/**
 * Spends one point of the key's budget, adding it to the key's current window (a new one when the
 * last has ended): the seconds to wait when none was left, else null.
 */
export async function tryConsumeRateLimit(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<number | null> {
  const budget = rateLimitSpend(name, key);
  const { rows } = await sql<{ wait: number | null }>`
    SELECT curio_spend_rate_limit(${budget.key}, 1, ${budget.budget}, ${budget.windowSeconds}, ${deps.clock.now()}::timestamptz) AS wait
  `.execute(deps.db);
  const wait = rows[0]?.wait;
  return wait === null || wait === undefined ? null : Number(wait);
}

/** Spends one point of the key's budget, or throws RATE_LIMITED (with the seconds to wait) when none is left. */
export async function consumeRateLimit(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  const seconds = await tryConsumeRateLimit(deps, name, key);
  if (seconds !== null) throw new DomainError('RATE_LIMITED', { seconds });
}

/** Spends one point without refusing: a failure that the next check counts. */
export async function recordRateLimitHit(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  await tryConsumeRateLimit(deps, name, key);
}

/**
 * Spends one point of each budget in one statement, before the work they limit, and throws
 * RATE_LIMITED (the longest wait) when any is gone. Spending first is what makes a limit hold
 * under parallel requests from any number of processes: a limit read first and counted after the
 * work lets every request already past the read through (a sign-in's password check, ADR 0044).
 * Work that turns out to be no abuse gives its point back with `giveBackRateLimit`.
 */
export async function spendRateLimits(deps: RateLimitDeps, spends: readonly (readonly [RateLimitName, string])[]): Promise<void> {
  const now = deps.clock.now();
  const calls = spends.map(([name, key]) => {
    const budget = rateLimitSpend(name, key);
    return sql<number | null>`curio_spend_rate_limit(${budget.key}, 1, ${budget.budget}, ${budget.windowSeconds}, ${now}::timestamptz)`;
  });
  const { rows } = await sql<{ wait: number | null }>`SELECT greatest(${sql.join(calls)}) AS wait`.execute(deps.db);
  const wait = rows[0]?.wait;
  if (wait !== null && wait !== undefined) throw new DomainError('RATE_LIMITED', { seconds: Number(wait) });
}

/** Returns the point `spendRateLimits` took for work that turned out legitimate (a correct password). */
export async function giveBackRateLimit(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  await sql`SELECT curio_give_back_rate_limit(${storageKey(name, key)}, ${deps.clock.now()}::timestamptz)`.execute(deps.db);
}

/** Forgets the key's window: its owner proved who they are (a correct password, a reset link). */
export async function clearRateLimit(deps: RateLimitDeps, name: RateLimitName, key: string): Promise<void> {
  await deps.db.deleteFrom('rate_limit_counters').where('key', '=', storageKey(name, key)).execute();
}

/** Forgets every key of `name` that starts with `prefix`: all addresses' failures for one account. */
export async function clearRateLimitsStartingWith(deps: RateLimitDeps, name: RateLimitName, prefix: string): Promise<void> {
  const pattern = storageKey(name, prefix).replace(/[\\%_]/g, (char) => `\\${char}`);
  await deps.db.deleteFrom('rate_limit_counters').where('key', 'like', `${pattern}%`).execute();
}

/** Drops windows that have ended; the hourly job calls it so the table stays as small as the traffic. */
export async function deleteEndedRateLimitWindows(deps: RateLimitDeps): Promise<number> {
  const result = await deps.db.deleteFrom('rate_limit_counters').where('window_ends_at', '<=', deps.clock.now()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The address a per-IP limit counts under. IPv6 clients usually hold a whole /64, so counting
 * single addresses would let one client rotate through billions; an IPv4 address mapped into
 * IPv6 counts as that IPv4 address.
 */
export function ipRateLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
