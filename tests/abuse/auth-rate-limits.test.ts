import { LIMITS } from '@curio/shared';
import { RATE_LIMITS } from '../../server/src/rate-limits/budgets.ts';
import { ipRateLimitKey } from '../../server/src/rate-limits/rate-limiter.ts';
import { startServer, type RunningServer } from '../../server/src/server.ts';
import { loadConfig } from '../../server/src/config.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import type { TestServices } from '../helpers/services.ts';
import type { TestDatabase } from '../helpers/test-db.ts';
import { TEST_PASSWORD, insertTestUser } from '../helpers/users.ts';
import { TestBrowser } from '../integration/auth/support.ts';
import { tableCounts } from './support.ts';
import { appCodeOf, expectAppError } from '../helpers/app-errors.ts';

/**
 * Rate limits on the account doors (server/src/rate-limits/, ADR 0025): wrong passwords count
 * per (account, address) and per address, so guessing from one place stops while the owner
 * elsewhere still signs in; a refusal says RATE_LIMITED with the seconds to wait. Counters live
 * in the database, so every services object (every server process) spends the same budget.
 */
const PER_ACCOUNT_AND_IP = RATE_LIMITS.signInFailuresPerAccountAndIp.points;
const PER_IP = RATE_LIMITS.signInFailuresPerIp.points;
const MAILS_PER_IP = RATE_LIMITS.accountMailsPerIp.points;

let db: TestDatabase, services: TestServices;

test.beforeAll(async ({ db: fileDb, services: fileServices }) => {
  db = fileDb;
  services = fileServices;
});

async function signIn(ip: string, email: string, password: string) {
  return (await new TestBrowser(services, ip).caller()).auth.signIn({ email, password });
}

async function sessionsOf(userId: string): Promise<number> {
  const row = await db.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('sign-in', () => {
  test('twenty wrong passwords from one address lock that address out of the account, not the owner elsewhere', async () => {
    const victim = await insertTestUser(db.db);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(
        await signIn('203.0.113.1', victim.email, `wrong-${i}`).then(
          () => 'ok',
          (error: unknown) => appCodeOf(error) ?? 'error',
        ),
      );
    }
    expect(outcomes.slice(0, PER_ACCOUNT_AND_IP).every((o) => o === 'INVALID_CREDENTIALS')).toBe(true);
    expect(outcomes.slice(PER_ACCOUNT_AND_IP).every((o) => o === 'RATE_LIMITED')).toBe(true);

    const before = await tableCounts(db.db);
    for (const email of [victim.email, `  ${victim.email.toUpperCase()} `]) {
      // the address is normalised before it is counted: case and spaces do not buy new attempts
      const { error, data } = await expectAppError(signIn('203.0.113.1', email, TEST_PASSWORD), 'RATE_LIMITED');
      expect(error.code).toBe('TOO_MANY_REQUESTS');
      const seconds = (data.params as { seconds: number }).seconds;
      expect(seconds).toBeGreaterThan(RATE_LIMITS.signInFailuresPerAccountAndIp.windowSeconds - 60);
      expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.signInFailuresPerAccountAndIp.windowSeconds);
    }
    expect(await tableCounts(db.db), 'a refused sign-in stored something (a session?)').toEqual(before);
    expect(await sessionsOf(victim.id)).toBe(0);

    // the owner, from home, signs in at once
    expect(await signIn('198.51.100.7', victim.email, TEST_PASSWORD)).toMatchObject({ id: victim.id });
    expect(await sessionsOf(victim.id)).toBe(1);
  });

  test('another account is unaffected by one account being locked from the same address', async () => {
    const victim = await insertTestUser(db.db);
    const bystander = await insertTestUser(db.db);
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) await expectAppError(signIn('203.0.113.2', victim.email, 'nope-nope'), 'INVALID_CREDENTIALS');
    await expectAppError(signIn('203.0.113.2', victim.email, TEST_PASSWORD), 'RATE_LIMITED');
    expect(await signIn('203.0.113.2', bystander.email, TEST_PASSWORD)).toBeTruthy();
  });

  test(`one address spraying ${PER_IP} failures over many accounts is locked out; other addresses still sign those members in`, async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => insertTestUser(db.db)));
    const attacker = '192.0.2.66';
    for (let i = 0; i < PER_IP; i++) {
      // fewer than the per-account budget each, so only the per-address counter can trip
      const target = i % 2 === 0 ? members[(i / 2) % members.length]!.email : `nobody-${i}@example.test`;
      await expectAppError(signIn(attacker, target, 'guess-123'), 'INVALID_CREDENTIALS');
    }
    const { data } = await expectAppError(signIn(attacker, members[0]!.email, TEST_PASSWORD), 'RATE_LIMITED');
    expect((data.params as { seconds: number }).seconds).toBeGreaterThan(0);
    for (const member of members) expect(await signIn('192.0.2.10', member.email, TEST_PASSWORD)).toBeTruthy();
  });

  test('addresses of one IPv6 /64 share a budget; IPv4 mapped into IPv6 counts as IPv4', async () => {
    expect(ipRateLimitKey('2001:db8:1:2:aaaa::1')).toBe(ipRateLimitKey('2001:db8:1:2:ffff:1:2:3'));
    expect(ipRateLimitKey('2001:db8:1:2::1')).not.toBe(ipRateLimitKey('2001:db8:1:3::1'));
    expect(ipRateLimitKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    const victim = await insertTestUser(db.db);
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) {
      await expectAppError(signIn(`2001:db8:7:7::${(i + 1).toString(16)}`, victim.email, 'rotating'), 'INVALID_CREDENTIALS');
    }
    await expectAppError(signIn('2001:db8:7:7::ffff', victim.email, TEST_PASSWORD), 'RATE_LIMITED');
  });

  test('the windows end: after the window the same address may try again', async () => {
    const victim = await insertTestUser(db.db);
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) await expectAppError(signIn('203.0.113.9', victim.email, 'nope-nope'), 'INVALID_CREDENTIALS');
    await expectAppError(signIn('203.0.113.9', victim.email, TEST_PASSWORD), 'RATE_LIMITED');
    services.clock.advance(RATE_LIMITS.signInFailuresPerAccountAndIp.windowSeconds * 1000);
    expect(await signIn('203.0.113.9', victim.email, TEST_PASSWORD)).toBeTruthy();
  });
});

describe('password reset', () => {
  test('a second request within the cooldown is RESET_COOLDOWN with seconds, mails nothing, and the same for an unknown address', async () => {
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
      // a different address does not get around a per-mailbox cooldown
      await expectAppError((await new TestBrowser(services, '198.51.100.20').caller()).auth.requestPasswordReset({ email }), 'RESET_COOLDOWN');
    }
    services.clock.advance(LIMITS.resetCooldownSeconds * 1000);
    await (await new TestBrowser(services, '203.0.113.20').caller()).auth.requestPasswordReset({ email: member.email });
  });

  test(`one address may ask for ${MAILS_PER_IP} account mails per window, then RATE_LIMITED; other addresses are unaffected`, async () => {
    const api = await new TestBrowser(services, '192.0.2.77').caller();
    for (let i = 0; i < MAILS_PER_IP; i++) await api.auth.requestPasswordReset({ email: `spray-${i}@example.test` });
    const before = await tableCounts(db.db);
    const { data } = await expectAppError(api.auth.requestPasswordReset({ email: 'one-more@example.test' }), 'RATE_LIMITED');
    expect((data.params as { seconds: number }).seconds).toBeGreaterThan(0);
    // verification resends draw on the same budget
    await expectAppError(api.auth.resendVerification({ email: 'one-more@example.test' }), 'RATE_LIMITED');
    expect(await tableCounts(db.db)).toEqual(before);
    await (await new TestBrowser(services, '192.0.2.78').caller()).auth.requestPasswordReset({ email: 'one-more@example.test' });
  });

  test(`a mailbox gets at most ${RATE_LIMITS.accountMailsPerAddress.points} account mails a day, however many addresses ask`, async () => {
    const member = await insertTestUser(db.db);
    for (let i = 0; i < RATE_LIMITS.accountMailsPerAddress.points + 5; i++) {
      services.clock.advance(LIMITS.resetCooldownSeconds * 1000);
      // the same answer every time: the budget is spent silently
      await expect((await new TestBrowser(services).caller()).auth.requestPasswordReset({ email: member.email })).resolves.toEqual({
        cooldownSeconds: LIMITS.resetCooldownSeconds,
      });
    }
    const mails = await db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', member.email).execute();
    expect(mails).toHaveLength(RATE_LIMITS.accountMailsPerAddress.points);
  });
});

describe('over HTTP', () => {
  // each test starts its own server with the settings it is about (TRUST_PROXY), over the file's database
  let running: RunningServer | undefined;
  test.afterAll(async () => {
    await running?.close();
  });

  async function serve(env: Record<string, string>): Promise<RunningServer> {
    await running?.close();
    running = await startServer({ ...loadConfig(env), port: 0, host: '127.0.0.1' }, { dbHandle: db, jobs: false });
    return running;
  }

  function postSignIn(server: RunningServer, email: string, headers: Record<string, string> = {}) {
    return fetch(`${server.url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ json: { email, password: 'wrong-pass' } }),
    });
  }

  test('a limited sign-in answers 429 with the seconds in the app error', async () => {
    const server = await serve({});
    const victim = await insertTestUser(db.db);
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) expect((await postSignIn(server, victim.email)).status).toBe(401);
    const refused = await postSignIn(server, victim.email);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { json: { data: { appError: { code: string; params: { seconds: number } } } } } };
    expect(body.error.json.data.appError.code).toBe('RATE_LIMITED');
    expect(body.error.json.data.appError.params.seconds).toBeGreaterThan(0);
  });

  test('X-Forwarded-For is ignored without TRUST_PROXY: a client cannot buy fresh budgets by naming addresses', async () => {
    const server = await serve({});
    const victim = await insertTestUser(db.db);
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) {
      expect((await postSignIn(server, victim.email, { 'x-forwarded-for': `198.18.0.${i + 1}` })).status).toBe(401);
    }
    expect((await postSignIn(server, victim.email, { 'x-forwarded-for': '198.18.1.1' })).status).toBe(429);
  });

  test('with TRUST_PROXY=1 the proxy-given address is the one counted', async () => {
    const server = await serve({ TRUST_PROXY: '1' });
    const victim = await insertTestUser(db.db);
    for (let i = 0; i < PER_ACCOUNT_AND_IP; i++) {
      expect((await postSignIn(server, victim.email, { 'x-forwarded-for': '198.18.2.1' })).status).toBe(401);
    }
    expect((await postSignIn(server, victim.email, { 'x-forwarded-for': '198.18.2.1' })).status).toBe(429);
    // another client behind the same proxy is not locked out
    expect((await postSignIn(server, victim.email, { 'x-forwarded-for': '198.18.2.2' })).status).toBe(401);
  });

  test('TRUST_PROXY=true is refused: trusting every hop would let clients pick their address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
