import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/db/schema.ts';
import { appRouter } from '../../server/src/trpc/app-router.ts';

/** What the walk over the router needs to know about one procedure. */
export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The zod input schema, when the procedure takes input. */
  input: unknown;
}

/** Every procedure of the app router except the admin console's (tests/integration/admin covers those). */
export function nonAdminProcedures(): ProcedureInfo[] {
  const all = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureInfo['type']; inputs: unknown[] } }>;
  return Object.entries(all)
    .filter(([path]) => !path.startsWith('admin.'))
    .map(([path, procedure]) => ({ path, type: procedure._def.type, input: procedure._def.inputs[0] }));
}

/** publicProcedure: visitors may call these (authorization-matrix.test.ts proves the rest refuse them). */
export const PUBLIC = [
  'auth.me',
  'auth.signUp',
  'auth.signIn',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  'auth.verifyEmail',
  'auth.resendVerification',
  'system.publicSettings',
  'system.customerService',
  'system.exchangeRates',
  'marketplace.feed.page',
  'marketplace.listings.get',
  'marketplace.listings.recordView',
  'marketplace.listings.recommendations',
  'marketplace.listings.bySeller',
  'marketplace.buyingRequests.get',
  'marketplace.buyingRequests.recordView',
  'marketplace.profiles.get',
  'marketplace.profiles.activities',
  'marketplace.comments.list',
  'marketplace.reviews.byListing',
  'orders.tips.presets',
  // the viewer's own like/follow state; a visitor simply gets "not liked"
  'marketplace.social.state',
  'marketplace.social.isFollowing',
];

/** Texts that must never reach a browser: stack frames, file positions, SQL, driver messages. */
export const LEAKS = [
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /\bSELECT\b/i,
  /\bINSERT INTO\b/i,
  /\bUPDATE \w+ SET\b/i,
  /syntax error/i,
  /violates .* constraint/i,
  /\.ts:\d+/,
  /"stack"/,
];

const countQueries = new WeakMap<Kysely<Database>, string>();

/**
 * Row count of every base table in the public schema, in one round trip. Rate-limit counters
 * are left out: counting a refused attempt is exactly what they are for.
 */
export async function tableCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  let query = countQueries.get(db);
  if (!query) {
    // the schema does not change during a test file, so the catalog is read once
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
        and table_name <> 'rate_limit_counters'
      order by table_name`.execute(db);
    query = tables.rows.map((row) => `select '${row.table_name}' as t, count(*)::int as n from "${row.table_name}"`).join(' union all ');
    countQueries.set(db, query);
  }
  const counts = await sql<{ t: string; n: number | string }>`${sql.raw(query)}`.execute(db);
  return Object.fromEntries(counts.rows.map((row) => [row.t, Number(row.n)]));
}

// ---------------------------------------------------------------------------------------------
// Arbitraries derived from a procedure's zod (v4) input schema: mostly *near-valid* values (right
// shape, random content), so the fuzzing reaches the refinements and the procedure bodies instead
// of stopping at the first type check. Mutations of such samples and plain JSON cover the rest.
// ---------------------------------------------------------------------------------------------

interface ZodDef {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; value?: number; minimum?: number; maximum?: number; pattern?: RegExp; format?: string } } }[];
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  element?: { _zod: { def: ZodDef } };
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: { _zod: { def: ZodDef } };
  valueType?: { _zod: { def: ZodDef } };
  pattern?: RegExp;
}

/** Strings that have broken parsers, queries and templates before. */
const NASTY_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '\u0000',
  '%_%',
  '\\',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${process.exit()}',
  '🦄'.repeat(50),
  'Ａ'.repeat(300),
  'x'.repeat(20_000),
  '\u202e\u200b',
  '0',
  '-1',
  '1e400',
  'NaN',
  'null',
  '__proto__',
];

const NASTY_NUMBERS = [0, -1, -0.5, 0.1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];

/** Any wrong-typed or extreme value, used to replace one field of a near-valid sample. */
export const garbageValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_STRINGS, ...NASTY_NUMBERS, null, true, false, [], {}, [null], { $ne: 1 }),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 2 }),
);

function stringArbitrary(def: ZodDef, ids: readonly string[]): fc.Arbitrary<unknown> {
  let min = 0;
  let max = 60;
  let pattern: RegExp | undefined = def.pattern;
  let format = def.format;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = c.minimum;
    if (c.check === 'max_length' && typeof c.maximum === 'number') max = c.maximum;
    if (c.check === 'string_format' && c.format === 'regex' && c.pattern) pattern = c.pattern;
    if (c.check === 'string_format' && c.format && c.format !== 'regex') format = c.format;
  }
  const around = fc.string({ minLength: Math.max(0, min - 1), maxLength: Math.min(max + 2, 300) });
  if (format === 'uuid') return fc.oneof({ weight: 3, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.uuid() }, fc.uuid(), around);
  if (format === 'email') return fc.oneof(fc.emailAddress(), around);
  if (pattern)
    return fc.oneof(
      fc.stringMatching(pattern).filter((s) => s.length <= 500),
      around,
    );
  return fc.oneof({ weight: 4, arbitrary: around }, fc.constantFrom(...NASTY_STRINGS));
}

function numberArbitrary(def: ZodDef): fc.Arbitrary<unknown> {
  let min = -1_000_000;
  let max = 1_000_000_000;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'greater_than' && typeof c.value === 'number') min = Math.max(min, c.value);
    if (c.check === 'less_than' && typeof c.value === 'number') max = Math.min(max, c.value);
  }
  if (min > max) [min, max] = [max, min];
  return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: Math.ceil(min) - 1, max: Math.floor(max) + 1 }) }, fc.constantFrom(...NASTY_NUMBERS));
}

/** A value shaped like the schema asks (fields, enums, lengths), with random content. */
export function arbitraryFromSchema(schema: unknown, ids: readonly string[] = [], depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;
  if (!def || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const inner = (s: { _zod: { def: ZodDef } } | undefined) => arbitraryFromSchema(s, ids, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, ids);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })) }, fc.string({ maxLength: 12 }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, inner(field)]));
      const required = Object.entries(shape)
        .filter(([, field]) => !['optional', 'default', 'prefault'].includes(field._zod.def.type))
        .map(([name]) => name);
      return fc.record(fields, { requiredKeys: required });
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 12 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: inner(def.innerType) });
    case 'nullable':
      return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: inner(def.innerType) });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      return inner(def.in);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 4 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One field of a sample replaced by garbage, removed, or an unknown field added. */
export function mutate(sample: unknown): fc.Arbitrary<unknown> {
  if (sample === null || typeof sample !== 'object') return garbageValue;
  const entries: [string, unknown][] = Array.isArray(sample) ? (sample as unknown[]).map((v, i): [string, unknown] => [String(i), v]) : Object.entries(sample);
  if (entries.length === 0) return fc.record({ extra: garbageValue });
  return fc.tuple(fc.nat({ max: entries.length - 1 }), fc.nat({ max: 3 }), garbageValue).chain(([index, how, value]) => {
    const copy: Record<string, unknown> = Array.isArray(sample) ? { ...sample } : { ...(sample as Record<string, unknown>) };
    const [name, current] = entries[index]!;
    if (how === 0) delete copy[name];
    else if (how === 1) copy['__proto__x'] = value;
    else if (how === 2 && current !== null && typeof current === 'object') {
      return mutate(current).map((m) => restore(sample, { ...copy, [name]: m }));
    } else copy[name] = value;
    return fc.constant(restore(sample, copy));
  });
}

function restore(original: unknown, copy: Record<string, unknown>): unknown {
  return Array.isArray(original) ? Object.values(copy) : copy;
}

/** Near-valid inputs, mutated near-valid inputs, and arbitrary JSON, in that order of weight. */
export function fuzzInput(schema: unknown, ids: readonly string[]): fc.Arbitrary<unknown> {
  const shaped = arbitraryFromSchema(schema, ids);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 4, arbitrary: shaped.chain(mutate) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}
