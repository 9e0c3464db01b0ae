import fc from 'fast-check';
import { isAppErrorCode } from '@curio/shared';
import type { RunningServer } from '../../server/src/server.ts';
import { createSession } from '../../server/src/domain/accounts/sessions.ts';
import { systemClock } from '../../server/src/clock.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import type { TestDatabase } from '../helpers/test-db.ts';
import { insertTestUser } from '../helpers/users.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';
import { insertListing } from '../integration/orders/support.ts';
import { insertTestBuyingRequest } from '../integration/social/fixtures.ts';
import { LEAKS, PUBLIC, fuzzInput, nonAdminProcedures, tableCounts } from './support.ts';

/**
 * Property-based fuzzing: every public and member procedure (admin.* has its own
 * access test; subscriptions run over the WebSocket) is called over real HTTP with inputs that
 * fast-check derives from the procedure's own zod schema (near-valid: right shape, random and
 * hostile content, real ids of rows that exist), with mutations of such samples (a field
 * dropped, swapped for garbage, an unknown field added) and with plain JSON.
 *
 * Properties of every answer:
 *  - never a 5xx (no INTERNAL_SERVER_ERROR / OPERATION_FAILED);
 *  - a refusal carries a known app error code and no stack, file position or SQL text;
 *  - a refusal stores nothing: the row count of every table is unchanged, except the
 *    rate-limit counters, whose job is to count attempts (server/src/rate-limits/); a refused
 *    call writes no session, view, violation or outbox row.
 * A call that happens to be valid may succeed and change state; that is allowed.
 *
 * Seeded and bounded: the seed is fixed so a failure replays, and numRuns keeps the file well
 * under a minute on either database.
 */
const SEED = 20261121;
const RUNS_PER_PROCEDURE = 10;

let db: TestDatabase;
let running: RunningServer;
let cookie: string;
const knownIds: string[] = [];

test.beforeAll(async ({ server, db: fileDb }) => {
  db = fileDb;
  running = server;
  const fuzzer = await insertTestUser(db.db, { nickname: 'fuzzer' });
  const other = await insertTestUser(db.db, { nickname: 'other' });
  await fund(db.db, fuzzer.id, 'usdn', 100_000);
  await fund(db.db, fuzzer.id, 'points', 5_000);
  const theirListing = await insertListing(db.db, other.id, { quantity: 50 });
  const ownListing = await insertListing(db.db, fuzzer.id, { quantity: 50 });
  const theirRequest = await insertTestBuyingRequest(db.db, other.id);
  const ownRequest = await insertTestBuyingRequest(db.db, fuzzer.id);
  knownIds.push(fuzzer.id, other.id, theirListing, ownListing, theirRequest, ownRequest);
  const session = await createSession(db.db, systemClock, fuzzer.id);
  cookie = `curio_session=${session.token}`;
});

interface Answer {
  status: number;
  body: string;
}

async function call(path: string, type: 'query' | 'mutation', input: unknown, withSession: boolean): Promise<Answer> {
  const encoded = JSON.stringify({ json: input });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (withSession) headers.cookie = cookie;
  const response =
    type === 'query'
      ? await fetch(`${running.url}/trpc/${path}?input=${encodeURIComponent(encoded)}`, { headers })
      : await fetch(`${running.url}/trpc/${path}`, { method: 'POST', headers, body: encoded });
  return { status: response.status, body: await response.text() };
}

/** What the fuzzing reached, so a generator that only ever trips the first check is noticed. */
const outcomes = new Map<string, number>();
function tally(answer: Answer): void {
  const key = answer.status === 200 ? 'ok' : String(appCodeOf(answer.body));
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
}

function appCodeOf(body: string): unknown {
  try {
    const parsed = JSON.parse(body) as { error?: { json?: { data?: { appError?: { code?: unknown } } } } };
    return parsed.error?.json?.data?.appError?.code;
  } catch {
    return undefined;
  }
}

// sign-out would end the fuzzer's own session; it takes no input, so there is nothing to fuzz
const fuzzed = nonAdminProcedures().filter(
  (procedure): procedure is typeof procedure & { type: 'query' | 'mutation' } => procedure.type !== 'subscription' && procedure.input !== undefined,
);

test('the walk found the procedures it should fuzz', () => {
  expect(fuzzed.length).toBeGreaterThan(60);
  expect(fuzzed.map((p) => p.path)).toEqual(expect.arrayContaining(['orders.purchase', 'wallet.transfer', 'auth.signIn']));
});

describe.each([
  { who: 'member', withSession: true },
  { who: 'visitor', withSession: false },
])('fuzzing every procedure as a $who', ({ who, withSession }) => {
  test.each(fuzzed)('$path: typed refusals, no 5xx, no leaks, nothing stored when refused', async ({ path, type, input }) => {
    let before = await tableCounts(db.db);
    await fc.assert(
      fc.asyncProperty(fuzzInput(input, knownIds), async (value) => {
        const answer = await call(path, type, value, withSession);
        tally(answer);
        const shown = `${who} ${path}(${JSON.stringify(value)?.slice(0, 300)}) -> ${answer.status} ${answer.body.slice(0, 300)}`;
        expect(answer.status, shown).toBeLessThan(500);
        if (answer.status === 200) {
          before = await tableCounts(db.db);
          return;
        }
        for (const leak of LEAKS) expect(answer.body, `${shown} leaked ${leak}`).not.toMatch(leak);
        if (answer.status === 431) {
          // a query's input travels in the URL: Node refuses a huge one before tRPC sees it
          expect(type, shown).toBe('query');
          expect(await tableCounts(db.db), `${shown} changed stored rows`).toEqual(before);
          return;
        }
        const code = appCodeOf(answer.body);
        expect(typeof code === 'string' && isAppErrorCode(code), `${shown}: no known app code`).toBe(true);
        expect(code, shown).not.toBe('OPERATION_FAILED');
        if (!withSession) expect(answer.status, shown).not.toBe(500);
        const after = await tableCounts(db.db);
        expect(after, `${shown} changed stored rows`).toEqual(before);
      }),
      // a member procedure refuses a visitor before reading the input (authorization-matrix.test.ts),
      // so two runs there only confirm that; public procedures get the full budget either way
      { numRuns: withSession || PUBLIC.includes(path) ? RUNS_PER_PROCEDURE : 2, seed: SEED, endOnFailure: true },
    );
  });
});

test('the fuzzing got past validation into the procedures', () => {
  if (process.env.CURIO_FUZZ_REPORT) console.log(Object.fromEntries([...outcomes].sort((a, b) => b[1] - a[1])));
  // some calls succeed, and the refusals are domain codes, not only schema failures
  expect(outcomes.get('ok') ?? 0).toBeGreaterThan(15);
  expect(outcomes.size).toBeGreaterThan(15);
});
