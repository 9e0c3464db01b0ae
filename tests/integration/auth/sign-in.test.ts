import { describe, expect, test } from '../../helpers/fixtures.ts';
import { hash, parseOptions } from '@node-rs/argon2';
import { hashToken } from '../../../server/src/domain/accounts/tokens.ts';
import { RATE_LIMITS } from '../../../server/src/rate-limits/budgets.ts';
import { banUser } from '../../../server/src/domain/accounts/ban-user.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, TEST_PASSWORD } from '../../helpers/users.ts';
import { openAuthWorld, createAuthTestServices, TestBrowser, uniqueEmail, type AuthTestServices } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

let db: TestDatabase, services: AuthTestServices;

test.beforeAll(({ db: fileDb, services: fileServices }) => {
  ({ db, services } = openAuthWorld({ db: fileDb, services: fileServices }));
});

async function sessionExists(token: string): Promise<boolean> {
  const row = await db.db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst();
  return Boolean(row);
}

describe('auth.signIn', () => {
  test('signs in with the right password (e-mail case ignored) and sets a session cookie', async () => {
    const user = await insertTestUser(db.db);
    const browser = new TestBrowser(services);
    const signedIn = await (await browser.caller()).auth.signIn({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(signedIn).toMatchObject({ id: user.id, email: user.email });
    expect(browser.sessionToken).toBeTruthy();
    expect(browser.sessionExpiresAt!.getTime()).toBeGreaterThan(services.clock.now().getTime());
    expect((await (await browser.caller()).auth.me())?.id).toBe(user.id);
  });

  test('every sign-in creates a new session and ends the one this browser had (rotation)', async () => {
    const user = await insertTestUser(db.db);
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
    const first = browser.sessionToken!;
    const otherDevice = new TestBrowser(services);
    await (await otherDevice.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });

    await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
    expect(browser.sessionToken).not.toBe(first);
    expect(await sessionExists(first)).toBe(false);
    expect(await sessionExists(browser.sessionToken!)).toBe(true);
    // another device's session is not this browser's to end
    expect(await sessionExists(otherDevice.sessionToken!)).toBe(true);
  });

  test('a wrong password and an unknown e-mail get the same generic INVALID_CREDENTIALS', async () => {
    const user = await insertTestUser(db.db);
    const browser = new TestBrowser(services, '10.0.0.1');
    const wrong = await expectAppError((await browser.caller()).auth.signIn({ email: user.email, password: 'not-the-password' }), 'INVALID_CREDENTIALS');
    const unknown = await expectAppError(
      (await browser.caller()).auth.signIn({ email: uniqueEmail('nobody'), password: 'not-the-password' }),
      'INVALID_CREDENTIALS',
    );
    expect(unknown.error.code).toBe(wrong.error.code);
    expect(unknown.data).toEqual(wrong.data);
    expect(browser.sessionToken).toBeNull();
  });

  test('a password under 6 characters is a PASSWORD_TOO_SHORT field error', async () => {
    const { data } = await expectAppError(
      (await new TestBrowser(services).caller()).auth.signIn({ email: uniqueEmail(), password: '123' }),
      'PASSWORD_TOO_SHORT',
    );
    expect(data.fields).toEqual({ password: 'PASSWORD_TOO_SHORT' });
  });

  test('a banned member is refused with USER_BANNED, but only once the password is right', async ({ admin }) => {
    const user = await insertTestUser(db.db);
    await banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: 'fraud' });
    const browser = new TestBrowser(services, '10.0.0.2');
    await expectAppError((await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD }), 'USER_BANNED');
    await expectAppError((await browser.caller()).auth.signIn({ email: user.email, password: 'wrong-password' }), 'INVALID_CREDENTIALS');
    expect(browser.sessionToken).toBeNull();
  });

  test(`after ${RATE_LIMITS.signInFailuresPerAccountAndIp.points} failures one address is locked out of that account; the owner elsewhere is not`, async () => {
    const user = await insertTestUser(db.db);
    const limit = RATE_LIMITS.signInFailuresPerAccountAndIp.points;
    const guesser = new TestBrowser(services, '10.1.0.1');
    // twice the budget: the guesses after it are refused before any password is checked
    for (let i = 0; i < 2 * limit; i++) {
      await (await guesser.caller()).auth.signIn({ email: user.email, password: `wrong-${i}` }).catch(() => undefined);
    }
    const { error, data } = await expectAppError((await guesser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD }), 'RATE_LIMITED');
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    const seconds = data.params?.seconds;
    expect(typeof seconds).toBe('number');
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.signInFailuresPerAccountAndIp.windowSeconds);
    expect(guesser.sessionToken).toBeNull();

    // the owner, at home, signs in at once: a stranger's guesses never lock the account itself
    const owner = new TestBrowser(services, '10.1.1.1');
    await (await owner.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
    expect(owner.sessionToken).toBeTruthy();

    // and the counters live in the database: another server process sees the same lock
    const otherProcess = createAuthTestServices(db);
    await expectAppError(
      (await new TestBrowser(otherProcess, '10.1.0.1').caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD }),
      'RATE_LIMITED',
    );
  });

  test("a successful sign-in clears that address's failure count for the account", async () => {
    const user = await insertTestUser(db.db);
    const limit = RATE_LIMITS.signInFailuresPerAccountAndIp.points;
    const browser = new TestBrowser(services, '10.2.0.1');
    const failMany = async (count: number) => {
      for (let i = 0; i < count; i++) {
        await expectAppError((await browser.caller()).auth.signIn({ email: user.email, password: 'bad-password' }), 'INVALID_CREDENTIALS');
      }
    };
    await failMany(limit - 1);
    await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
    await failMany(limit - 1);
    await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
    expect(browser.sessionToken).toBeTruthy();
  });

  test(`after ${RATE_LIMITS.signInFailuresPerIp.points} failures from one IP, that IP is locked; others are not`, async () => {
    const ip = '192.0.2.77';
    const victim = await insertTestUser(db.db);
    for (let i = 0; i < RATE_LIMITS.signInFailuresPerIp.points; i++) {
      // a different address each time: a password spray, not one account's guessing
      const browser = new TestBrowser(services, ip);
      await expectAppError((await browser.caller()).auth.signIn({ email: uniqueEmail('spray'), password: 'spray-pass' }), 'INVALID_CREDENTIALS');
    }
    const fromSprayer = new TestBrowser(services, ip);
    const { data } = await expectAppError((await fromSprayer.caller()).auth.signIn({ email: victim.email, password: TEST_PASSWORD }), 'RATE_LIMITED');
    expect(data.params?.seconds).toBeGreaterThan(0);
    const fromElsewhere = new TestBrowser(services, '192.0.2.78');
    await (await fromElsewhere.caller()).auth.signIn({ email: victim.email, password: TEST_PASSWORD });
    expect(fromElsewhere.sessionToken).toBeTruthy();
  });

  test("a hash weaker than today's policy is upgraded on the next sign-in", async () => {
    const email = uniqueEmail('legacy');
    const weak = await hash('legacy-pass', { memoryCost: 4096, timeCost: 1 });
    const user = await db.db.insertInto('users').values({ email, password_hash: weak }).returning('id').executeTakeFirstOrThrow();
    await db.db.insertInto('profiles').values({ user_id: user.id, nickname: 'legacy' }).execute();
    await (await new TestBrowser(services).caller()).auth.signIn({ email, password: 'legacy-pass' });
    const row = await db.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(parseOptions(row.password_hash)).toMatchObject({ memoryCost: 19456, timeCost: 2 });
    await (await new TestBrowser(services).caller()).auth.signIn({ email, password: 'legacy-pass' });
  });
});

describe('auth.signOut', () => {
  test('ends the session: the cookie is cleared, the old token no longer authenticates, sockets are told', async () => {
    const user = await insertTestUser(db.db);
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
    const token = browser.sessionToken!;
    const before = services.events.published.length;

    expect(await (await browser.caller()).auth.signOut()).toEqual({ ok: true });
    expect(browser.sessionToken).toBeNull();
    expect(await sessionExists(token)).toBe(false);
    expect(services.events.published.slice(before)).toEqual([{ type: 'session-revoked', userId: user.id, sessionIds: [hashToken(token)] }]);

    // a copy of the old cookie (another tab, a thief) is worth nothing now
    const replay = new TestBrowser(services);
    replay.sessionToken = token;
    expect(await (await replay.caller()).auth.me()).toBeNull();
    await expectAppError((await replay.caller()).auth.signOut(), 'LOGIN_REQUIRED');
  });

  test('a visitor cannot sign out (LOGIN_REQUIRED)', async () => {
    const { error } = await expectAppError((await new TestBrowser(services).caller()).auth.signOut(), 'LOGIN_REQUIRED');
    expect(error.code).toBe('UNAUTHORIZED');
  });
});

describe('auth.me', () => {
  test('is null for a visitor', async () => {
    expect(await (await new TestBrowser(services).caller()).auth.me()).toBeNull();
  });

  test('reports the admin role and the profile fields', async () => {
    const admin = await insertTestUser(db.db, { admin: true, nickname: 'boss' });
    await db.db.updateTable('profiles').set({ avatar_key: 'avatars/boss.webp', preferred_currency: 'JPY' }).where('user_id', '=', admin.id).execute();
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signIn({ email: admin.email, password: TEST_PASSWORD });
    expect(await (await browser.caller()).auth.me()).toEqual({
      id: admin.id,
      email: admin.email,
      nickname: 'boss',
      avatarUrl: '/uploads/avatars/boss.webp',
      isAdmin: true,
      preferredLanguage: null,
      preferredCurrency: 'JPY',
      emailVerified: true,
    });
  });
});
