import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIMITS } from '@curio/shared';
import { AUTH_RATE_LIMITS } from '../../server/src/auth/rate-limits.ts';
import { startServer, type RunningServer } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { TEST_PASSWORD, insertTestUser } from '../helpers/users.ts';
import { TestBrowser, createAuthTestServices, expectAppError, type AuthTestServices } from '../integration/auth/support.ts';
import { tableCounts } from './support.ts';

/**
 * Issue 7 §3, rate limits (server/src/auth/rate-limits.ts, DESIGN decision 10): sign-in failures
 * are counted per address and per client IP, and a refused attempt says RATE_LIMITED with the
 * seconds to wait; other accounts and other IPs keep working as designed. Password reset has a
 * per-address cooldown (same answer for unknown addresses) and a per-IP budget.
 *
 * Each test gets its own services object, because the limiters are keyed by it (process memory).
 */
const PER_EMAIL = AUTH_RATE_LIMITS.signInFailuresPerEmail.points;
const PER_IP = AUTH_RATE_LIMITS.signInFailuresPerIp.points;
const RESETS_PER_IP = AUTH_RATE_LIMITS.resetRequestsPerIp.points;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

function freshServices(): AuthTestServices {
  return createAuthTestServices(db);
}

async function signIn(services: AuthTestServices, ip: string, email: string, password: string) {
  return (await new TestBrowser(services, ip).caller()).auth.signIn({ email, password });
}

async function sessionsOf(userId: string): Promise<number> {
  const row = await db.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('sign-in', () => {
  test(`${PER_EMAIL} wrong passwords lock that address: even the right password is RATE_LIMITED with seconds, from any IP`, async () => {
    const services = freshServices();
    const victim = await insertTestUser(db.db);
    for (let i = 0; i < PER_EMAIL; i++) {
      await expectAppError(signIn(services, '203.0.113.1', victim.email, `wrong-${i}`), 'INVALID_CREDENTIALS');
    }
    const before = await tableCounts(db.db);
    for (const [ip, email] of [
      ['203.0.113.1', victim.email],
      ['198.51.100.7', victim.email],
      // the address is normalised before it is counted: case and spaces do not buy new attempts
      ['198.51.100.8', `  ${victim.email.toUpperCase()} `],
    ] as const) {
      const { error, data } = await expectAppError(signIn(services, ip, email, TEST_PASSWORD), 'RATE_LIMITED');
      expect(error.code).toBe('TOO_MANY_REQUESTS');
      const seconds = (data.params as { seconds: number }).seconds;
      expect(seconds).toBeGreaterThan(AUTH_RATE_LIMITS.signInFailuresPerEmail.duration - 60);
      expect(seconds).toBeLessThanOrEqual(AUTH_RATE_LIMITS.signInFailuresPerEmail.duration);
    }
    expect(await tableCounts(db.db), 'a refused sign-in stored something (a session?)').toEqual(before);
    expect(await sessionsOf(victim.id)).toBe(0);
  });

  test('another account is unaffected by one address being locked, from the same IP', async () => {
    const services = freshServices();
    const victim = await insertTestUser(db.db);
    const bystander = await insertTestUser(db.db);
    for (let i = 0; i < PER_EMAIL; i++) await expectAppError(signIn(services, '203.0.113.2', victim.email, 'nope-nope'), 'INVALID_CREDENTIALS');
    await expectAppError(signIn(services, '203.0.113.2', victim.email, TEST_PASSWORD), 'RATE_LIMITED');
    const ok = await signIn(services, '203.0.113.2', bystander.email, TEST_PASSWORD);
    expect(ok).toBeTruthy();
    expect(await sessionsOf(bystander.id)).toBe(1);
  });

  test(`one IP spraying ${PER_IP} failures over many addresses is locked out; other IPs still sign those members in`, async () => {
    const services = freshServices();
    const members = await Promise.all(Array.from({ length: 4 }, () => insertTestUser(db.db)));
    const attacker = '192.0.2.66';
    for (let i = 0; i < PER_IP; i++) {
      // fewer than PER_EMAIL per address, so only the per-IP counter can trip
      const target = i % 2 === 0 ? members[i % 4]!.email : `nobody-${i}@example.test`;
      await expectAppError(signIn(services, attacker, target, 'guess-123'), 'INVALID_CREDENTIALS');
    }
    const { data } = await expectAppError(signIn(services, attacker, members[0]!.email, TEST_PASSWORD), 'RATE_LIMITED');
    expect((data.params as { seconds: number }).seconds).toBeGreaterThan(0);
    for (const member of members) {
      expect(await signIn(services, '192.0.2.10', member.email, TEST_PASSWORD)).toBeTruthy();
    }
  });

  test('unknown addresses are counted too, with the same generic answer as a wrong password', async () => {
    const services = freshServices();
    const ghost = 'no-such-member@example.test';
    for (let i = 0; i < PER_EMAIL; i++) await expectAppError(signIn(services, '203.0.113.3', ghost, 'whatever1'), 'INVALID_CREDENTIALS');
    await expectAppError(signIn(services, '203.0.113.4', ghost, 'whatever1'), 'RATE_LIMITED');
  });

  test('the limit holds over HTTP: 429 with the seconds in the app error', async () => {
    const running: RunningServer = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1' }, { dbHandle: db, jobs: false });
    try {
      const victim = await insertTestUser(db.db);
      const post = () =>
        fetch(`${running.url}/trpc/auth.signIn`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ json: { email: victim.email, password: 'wrong-pass' } }),
        });
      for (let i = 0; i < PER_EMAIL; i++) expect((await post()).status).toBe(401);
      const refused = await post();
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { error: { json: { data: { appError: { code: string; params: { seconds: number } } } } } };
      expect(body.error.json.data.appError.code).toBe('RATE_LIMITED');
      expect(body.error.json.data.appError.params.seconds).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });
});

describe('password reset', () => {
  test('a second request within the cooldown is RESET_COOLDOWN with seconds, mails nothing, and the same for an unknown address', async () => {
    const services = freshServices();
    const member = await insertTestUser(db.db);
    for (const email of [member.email, 'unknown-person@example.test']) {
      const api = await new TestBrowser(services, '203.0.113.20').caller();
      await api.auth.requestPasswordReset({ email });
      const mails = await db.db.selectFrom('mail_outbox').select('id').execute();
      const before = await tableCounts(db.db);
      services.clock.advance(10_000);
      const { data } = await expectAppError(api.auth.requestPasswordReset({ email }), 'RESET_COOLDOWN');
      expect((data.params as { seconds: number }).seconds).toBe(LIMITS.resetCooldownSeconds - 10);
      expect(await tableCounts(db.db)).toEqual(before);
      expect(await db.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(mails.length);
      // a different IP does not get around a per-address cooldown
      await expectAppError((await new TestBrowser(services, '198.51.100.20').caller()).auth.requestPasswordReset({ email }), 'RESET_COOLDOWN');
    }
    services.clock.advance(LIMITS.resetCooldownSeconds * 1000);
    await (await new TestBrowser(services, '203.0.113.20').caller()).auth.requestPasswordReset({ email: member.email });
  });

  test(`one IP may ask for ${RESETS_PER_IP} resets per window, then RATE_LIMITED; other IPs are unaffected`, async () => {
    const services = freshServices();
    const api = await new TestBrowser(services, '192.0.2.77').caller();
    for (let i = 0; i < RESETS_PER_IP; i++) await api.auth.requestPasswordReset({ email: `spray-${i}@example.test` });
    const before = await tableCounts(db.db);
    const { data } = await expectAppError(api.auth.requestPasswordReset({ email: 'one-more@example.test' }), 'RATE_LIMITED');
    expect((data.params as { seconds: number }).seconds).toBeGreaterThan(0);
    expect(await tableCounts(db.db)).toEqual(before);
    await (await new TestBrowser(services, '192.0.2.78').caller()).auth.requestPasswordReset({ email: 'one-more@example.test' });
  });
});
