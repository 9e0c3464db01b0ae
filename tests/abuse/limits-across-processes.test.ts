import { RATE_LIMITS } from '../../server/src/rate-limits/budgets.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../helpers/test-db.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { insertTestUser, TEST_PASSWORD } from '../helpers/users.ts';

/**
 * Two real server processes on one PostgreSQL database spend one budget (ADR 0025): the
 * counters live in the database, so a second process does not double the guesses or sign-ups
 * a client gets. PGlite is one process by nature, so this needs real PostgreSQL.
 */
const realPostgres = onRealPostgres();
if (!realPostgres) console.warn(`[limits across processes] skipped: ${NEEDS_POSTGRES}`);

describe.skipIf(!realPostgres)('rate limits across two server processes', () => {
  let db: TestDatabase;
  let first: ServerProcess;
  let second: ServerProcess;

  // two server processes of their own over the file's database (by its URL); this file stops them
  test.beforeAll(async ({ db: fileDb }) => {
    db = fileDb;
    [first, second] = await Promise.all([startServerProcess({ DATABASE_URL: db.url! }), startServerProcess({ DATABASE_URL: db.url! })]);
  }, 120_000);
  test.afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  function post(server: ServerProcess, procedure: string, json: unknown) {
    return fetch(`${server.url}/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json }),
    });
  }

  test('wrong passwords sent to either process count against one budget', async () => {
    const victim = await insertTestUser(db.db);
    const budget = RATE_LIMITS.signInFailuresPerAccountAndIp.points;
    for (let i = 0; i < budget; i++) {
      const response = await post(i % 2 === 0 ? first : second, 'auth.signIn', { email: victim.email, password: `wrong-${i}` });
      expect(response.status).toBe(401);
    }
    for (const server of [first, second]) {
      expect((await post(server, 'auth.signIn', { email: victim.email, password: 'one-more' })).status).toBe(429);
    }
  });

  /** Each answer's HTTP status: 401 a password that was checked and wrong, 429 refused by the limit before any check. */
  async function statuses(requests: Promise<Response>[]): Promise<Record<number, number>> {
    const counts: Record<number, number> = {};
    for (const response of await Promise.all(requests)) counts[response.status] = (counts[response.status] ?? 0) + 1;
    return counts;
  }

  test('fifty wrong passwords sent at once to both processes: no more are checked than the budget (ADR 0044)', async () => {
    await db.db.deleteFrom('rate_limit_counters').execute();
    const victim = await insertTestUser(db.db);
    const budget = RATE_LIMITS.signInFailuresPerAccountAndIp.points;
    const counts = await statuses(
      Array.from({ length: 50 }, (_, i) => post(i % 2 === 0 ? first : second, 'auth.signIn', { email: victim.email, password: `guess-${i}` })),
    );
    expect(counts[401] ?? 0).toBeLessThanOrEqual(budget);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(50);
    // and the real password, sent among a parallel burst after the budget is gone, is refused unchecked too
    const withRealPassword = await statuses([
      ...Array.from({ length: 10 }, (_, i) => post(second, 'auth.signIn', { email: victim.email, password: `late-${i}` })),
      post(first, 'auth.signIn', { email: victim.email, password: TEST_PASSWORD }),
    ]);
    expect(withRealPassword).toEqual({ 429: 11 });
  });

  test('eighty sprayed failures over as many accounts from one address: no more are checked than its budget', async () => {
    await db.db.deleteFrom('rate_limit_counters').execute();
    const budget = RATE_LIMITS.signInFailuresPerIp.points;
    const counts = await statuses(
      Array.from({ length: 80 }, (_, i) => post(i % 2 === 0 ? first : second, 'auth.signIn', { email: `sprayed-${i}@example.test`, password: 'Summer2026!' })),
    );
    expect(counts[401] ?? 0).toBeLessThanOrEqual(budget);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(80);
  });

  test('the right password gives its unit back: a member who signs in often is never limited by it', async () => {
    await db.db.deleteFrom('rate_limit_counters').execute();
    const member = await insertTestUser(db.db);
    const budget = RATE_LIMITS.signInFailuresPerAccountAndIp.points;
    for (let i = 0; i < budget + 5; i++) {
      expect((await post(i % 2 === 0 ? first : second, 'auth.signIn', { email: member.email, password: TEST_PASSWORD })).status).toBe(200);
    }
  });

  test('sign-ups sent to either process count against one budget', async () => {
    const budget = RATE_LIMITS.signUpsPerIp.points;
    for (let i = 0; i < budget; i++) {
      const response = await post(i % 2 === 0 ? first : second, 'auth.signUp', { email: `two-procs-${i}@example.test`, password: 'secret1' });
      expect(response.status).toBe(200);
    }
    for (const server of [first, second]) {
      const refused = await post(server, 'auth.signUp', { email: 'two-procs-extra@example.test', password: 'secret1' });
      expect(refused.status).toBe(429);
    }
    const accounts = await db.db.selectFrom('users').select('id').where('email', 'like', 'two-procs-%').execute();
    expect(accounts).toHaveLength(budget);
  });
});
