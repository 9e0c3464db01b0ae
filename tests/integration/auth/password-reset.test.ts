import { describe, expect, test } from '../../helpers/fixtures.ts';
import { LIMITS } from '@curio/shared';
import { hashToken } from '../../../server/src/domain/accounts/tokens.ts';
import { RATE_LIMITS } from '../../../server/src/rate-limits/budgets.ts';
import { SmtpMailer } from '../../../server/src/mail/smtp-mailer.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, TEST_PASSWORD, type TestUser } from '../../helpers/users.ts';
import { openAuthWorld, TestBrowser, uniqueEmail, type AuthTestServices } from './support.ts';
import { closedPort } from './smtp-test-server.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

let db: TestDatabase, services: AuthTestServices;

test.beforeAll(({ db: fileDb, services: fileServices }) => {
  ({ db, services } = openAuthWorld({ db: fileDb, services: fileServices }));
});

/** Each test gets its own client IP, so the per-IP reset limit of one test never bleeds into another. */
let ipCounter = 0;
function freshBrowser(): TestBrowser {
  ipCounter++;
  return new TestBrowser(services, `198.51.100.${ipCounter}`);
}

async function outboxFor(email: string) {
  return db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at', 'desc').execute();
}

/** The token from the newest reset mail, read the way the browser does: from the link's fragment. */
async function tokenFromLatestMail(email: string): Promise<string> {
  const [mail] = await outboxFor(email);
  const link = /https?:\/\/\S+\/reset-password#\S+/.exec(mail!.text_body)?.[0];
  const fragment = new URLSearchParams(new URL(link!).hash.slice(1));
  expect(fragment.get('type')).toBe('recovery');
  return fragment.get('access_token')!;
}

async function requestReset(user: TestUser): Promise<string> {
  await (await freshBrowser().caller()).auth.requestPasswordReset({ email: user.email });
  return tokenFromLatestMail(user.email);
}

async function signedInBrowser(user: TestUser): Promise<TestBrowser> {
  const browser = freshBrowser();
  await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
  return browser;
}

describe('auth.requestPasswordReset', () => {
  test('answers the same for a registered and an unknown address, and mails only the registered one', async () => {
    const user = await insertTestUser(db.db);
    const unknown = uniqueEmail('ghost');
    const known = await (await freshBrowser().caller()).auth.requestPasswordReset({ email: user.email });
    const notKnown = await (await freshBrowser().caller()).auth.requestPasswordReset({ email: unknown });
    expect(known).toEqual({ cooldownSeconds: 60 });
    expect(notKnown).toEqual(known);
    expect(await outboxFor(unknown)).toEqual([]);
    const [mail] = await outboxFor(user.email);
    expect(mail!.text_body).toContain(`${services.config.publicOrigin}/reset-password#access_token=`);
    expect(mail!.text_body).toContain('&type=recovery');
  });

  test('a second request within 60 s is refused with the seconds still to wait; at 60 s it goes through', async () => {
    const user = await insertTestUser(db.db);
    const browser = freshBrowser();
    await (await browser.caller()).auth.requestPasswordReset({ email: user.email });
    services.clock.advance(15_000);
    const { error, data } = await expectAppError((await browser.caller()).auth.requestPasswordReset({ email: user.email }), 'RESET_COOLDOWN');
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(data.params).toEqual({ seconds: 45 });
    services.clock.advance(44_500);
    const again = await expectAppError((await browser.caller()).auth.requestPasswordReset({ email: user.email }), 'RESET_COOLDOWN');
    expect(again.data.params).toEqual({ seconds: 1 });
    services.clock.advance(500);
    expect(await (await browser.caller()).auth.requestPasswordReset({ email: user.email })).toEqual({ cooldownSeconds: 60 });
    expect(await outboxFor(user.email)).toHaveLength(2);
  });

  test('the cooldown applies to unknown addresses too, so it reveals nothing', async () => {
    const unknown = uniqueEmail('ghost');
    await (await freshBrowser().caller()).auth.requestPasswordReset({ email: unknown });
    const { data } = await expectAppError((await freshBrowser().caller()).auth.requestPasswordReset({ email: unknown }), 'RESET_COOLDOWN');
    expect(data.params).toEqual({ seconds: 60 });
  });

  test('stores only the SHA-256 of the token, never the token itself', async () => {
    const user = await insertTestUser(db.db);
    const token = await requestReset(user);
    const rows = await db.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expires_at.getTime() - services.clock.now().getTime()).toBe(LIMITS.resetTokenTtlMs);
  });

  test('a newer link replaces the older one', async () => {
    const user = await insertTestUser(db.db);
    const older = await requestReset(user);
    services.clock.advance(61_000);
    const newer = await requestReset(user);
    await expectAppError(
      (await freshBrowser().caller()).auth.resetPassword({ token: older, password: 'brand-new', confirmPassword: 'brand-new' }),
      'RESET_LINK_INVALID',
    );
    await (await freshBrowser().caller()).auth.resetPassword({ token: newer, password: 'brand-new', confirmPassword: 'brand-new' });
  });

  test(`one client IP may ask ${RATE_LIMITS.accountMailsPerIp.points} times per window, then RATE_LIMITED`, async () => {
    const browser = new TestBrowser(services, '203.0.113.50');
    for (let i = 0; i < RATE_LIMITS.accountMailsPerIp.points; i++) {
      await (await browser.caller()).auth.requestPasswordReset({ email: uniqueEmail('many') });
    }
    const target = uniqueEmail('many');
    const { data } = await expectAppError((await browser.caller()).auth.requestPasswordReset({ email: target }), 'RATE_LIMITED');
    expect(data.params?.seconds).toBeGreaterThan(0);
    // the refused request did not start a cooldown for the address
    await (await freshBrowser().caller()).auth.requestPasswordReset({ email: target });
  });

  test('a mail that cannot be sent is RESET_SEND_FAILED, leaves no usable token and no cooldown', async () => {
    const port = await closedPort();
    const failing = { ...services, mailer: new SmtpMailer(db.db, `smtp://127.0.0.1:${port}`, 'Curio <no-reply@example.test>') };
    const user = await insertTestUser(db.db);
    const browser = new TestBrowser(failing, '203.0.113.60');
    await expectAppError((await browser.caller()).auth.requestPasswordReset({ email: user.email }), 'RESET_SEND_FAILED');
    expect(await db.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const [attempt] = await outboxFor(user.email);
    expect(attempt).toMatchObject({ transport: 'smtp', sent_at: null });
    expect(attempt!.error).toBeTruthy();
    // the member may try again at once instead of waiting out a cooldown for a mail that never left
    await expectAppError((await browser.caller()).auth.requestPasswordReset({ email: user.email }), 'RESET_SEND_FAILED');
  });

  test('a malformed address is a typed validation error', async () => {
    const { error } = await expectAppError((await freshBrowser().caller()).auth.requestPasswordReset({ email: 'not an email' }), 'EMAIL_INVALID');
    expect(error.code).toBe('BAD_REQUEST');
  });

  test("the mail is written in the member's preferred language", async () => {
    const user = await insertTestUser(db.db);
    await db.db.updateTable('profiles').set({ preferred_language: 'es' }).where('user_id', '=', user.id).execute();
    await (await freshBrowser().caller()).auth.requestPasswordReset({ email: user.email });
    const [mail] = await outboxFor(user.email);
    expect(mail!.subject).toBe('Restablece tu contraseña de Curio');
  });
});

describe('auth.resetPassword', () => {
  test('sets the new password, ends every session, and does not sign in', async () => {
    const user = await insertTestUser(db.db);
    const laptop = await signedInBrowser(user);
    const phone = await signedInBrowser(user);
    const sessionIds = [hashToken(laptop.sessionToken!), hashToken(phone.sessionToken!)];
    const token = await requestReset(user);
    const before = services.events.published.length;

    const resetBrowser = freshBrowser();
    expect(await (await resetBrowser.caller()).auth.resetPassword({ token, password: 'new-secret', confirmPassword: 'new-secret' })).toEqual({ ok: true });
    expect(resetBrowser.sessionToken).toBeNull();

    expect(await (await laptop.caller()).auth.me()).toBeNull();
    expect(await (await phone.caller()).auth.me()).toBeNull();
    expect(await db.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const revoked = services.events.published.slice(before);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ type: 'session-revoked', userId: user.id });
    expect([...(revoked[0] as { sessionIds: string[] }).sessionIds].sort()).toEqual([...sessionIds].sort());

    await expectAppError((await freshBrowser().caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD }), 'INVALID_CREDENTIALS');
    const again = freshBrowser();
    await (await again.caller()).auth.signIn({ email: user.email, password: 'new-secret' });
    expect(again.sessionToken).toBeTruthy();
  });

  test('a link works once', async () => {
    const user = await insertTestUser(db.db);
    const token = await requestReset(user);
    await (await freshBrowser().caller()).auth.resetPassword({ token, password: 'first-new', confirmPassword: 'first-new' });
    await expectAppError(
      (await freshBrowser().caller()).auth.resetPassword({ token, password: 'second-new', confirmPassword: 'second-new' }),
      'RESET_LINK_INVALID',
    );
    await (await freshBrowser().caller()).auth.signIn({ email: user.email, password: 'first-new' });
  });

  test('a link expires after one hour', async () => {
    const user = await insertTestUser(db.db);
    const stillValid = await requestReset(user);
    services.clock.advance(LIMITS.resetTokenTtlMs - 1000);
    await (await freshBrowser().caller()).auth.resetPassword({ token: stillValid, password: 'in-time', confirmPassword: 'in-time' });

    services.clock.advance(61_000);
    const expired = await requestReset(user);
    services.clock.advance(LIMITS.resetTokenTtlMs);
    const { error } = await expectAppError(
      (await freshBrowser().caller()).auth.resetPassword({ token: expired, password: 'too-late', confirmPassword: 'too-late' }),
      'RESET_LINK_INVALID',
    );
    expect(error.code).toBe('BAD_REQUEST');
    await (await freshBrowser().caller()).auth.signIn({ email: user.email, password: 'in-time' });
  });

  test('an unknown token is RESET_LINK_INVALID', async () => {
    await expectAppError(
      (await freshBrowser().caller()).auth.resetPassword({
        token: 'x'.repeat(43),
        password: 'whatever1',
        confirmPassword: 'whatever1',
      }),
      'RESET_LINK_INVALID',
    );
  });

  test('a confirmation that differs is the PASSWORDS_DO_NOT_MATCH field error, and the link stays usable', async () => {
    const user = await insertTestUser(db.db);
    const token = await requestReset(user);
    const { error, data } = await expectAppError(
      (await freshBrowser().caller()).auth.resetPassword({ token, password: 'new-secret', confirmPassword: 'new-secreT' }),
      'PASSWORDS_DO_NOT_MATCH',
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(data.fields).toEqual({ confirmPassword: 'PASSWORDS_DO_NOT_MATCH' });
    await (await freshBrowser().caller()).auth.resetPassword({ token, password: 'new-secret', confirmPassword: 'new-secret' });
  });

  test('a new password under 6 characters is the PASSWORD_TOO_SHORT field error', async () => {
    const user = await insertTestUser(db.db);
    const token = await requestReset(user);
    const { data } = await expectAppError(
      (await freshBrowser().caller()).auth.resetPassword({ token, password: 'short', confirmPassword: 'short' }),
      'PASSWORD_TOO_SHORT',
    );
    expect(data.fields).toMatchObject({ password: 'PASSWORD_TOO_SHORT' });
    const row = await db.db.selectFrom('password_reset_tokens').select('used_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  test("a reset clears the account's failed sign-in counts, from every address", async () => {
    const user = await insertTestUser(db.db);
    const forgetful = freshBrowser();
    for (let i = 0; i < RATE_LIMITS.signInFailuresPerAccountAndIp.points; i++) {
      await expectAppError((await forgetful.caller()).auth.signIn({ email: user.email, password: `guess-${i}` }), 'INVALID_CREDENTIALS');
    }
    await expectAppError((await forgetful.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD }), 'RATE_LIMITED');
    const token = await requestReset(user);
    await (await freshBrowser().caller()).auth.resetPassword({ token, password: 'after-reset', confirmPassword: 'after-reset' });
    await (await forgetful.caller()).auth.signIn({ email: user.email, password: 'after-reset' });
    expect(forgetful.sessionToken).toBeTruthy();
  });
});
