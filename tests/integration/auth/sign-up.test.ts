import { describe, expect, test } from '../../helpers/fixtures.ts';
import { parseOptions } from '@node-rs/argon2';
import { LIMITS, POINTS_RULES } from '@curio/shared';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { hashToken } from '../../../server/src/domain/accounts/tokens.ts';
import { RATE_LIMITS } from '../../../server/src/rate-limits/budgets.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, verificationTokenFor } from '../../helpers/users.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { openAuthWorld, TestBrowser, uniqueEmail, type AuthTestServices } from './support.ts';
import { appCodeOf, expectAppError } from '../../helpers/app-errors.ts';

let db: TestDatabase, services: AuthTestServices;

test.beforeAll(({ db: fileDb, services: fileServices }) => {
  ({ db, services } = openAuthWorld({ db: fileDb, services: fileServices }));
});

async function userByEmail(email: string) {
  return db.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

async function mailsTo(email: string) {
  return db.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email.toLowerCase()).orderBy('created_at').execute();
}

async function insertInvitation(inviterId: string, code: string, extra: { status?: string; expiresAt?: Date } = {}) {
  return db.db
    .insertInto('invitations')
    .values({
      inviter_id: inviterId,
      invitation_code: code,
      status: extra.status ?? 'pending',
      expires_at: extra.expiresAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('auth.signUp', () => {
  test('creates an unverified user and profile, signs nobody in, and mails a verification link', async () => {
    const browser = new TestBrowser(services);
    const email = `New.Member+${Date.now()}@Example.TEST`;
    const answer = await (await browser.caller()).auth.signUp({ email, password: 'secret1', language: 'ja' });

    expect(answer).toEqual({ email: email.toLowerCase(), cooldownSeconds: LIMITS.verificationCooldownSeconds, invitation: null });
    expect(browser.sessionToken).toBeNull();
    const user = await userByEmail(email);
    expect(user?.email_verified_at).toBeNull();
    const profile = await db.db.selectFrom('profiles').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ nickname: email.split('@')[0]!.toLowerCase(), credit_score: 100, preferred_language: 'ja' });
    const [mail] = await mailsTo(email);
    // in the member's language, with a link to this server
    expect(mail!.subject).toContain('メールアドレス');
    expect(mail!.text_body).toContain(`${services.config.publicOrigin}/verify-email#token=`);
  });

  test('the link verifies the address and signs this browser in, once', async () => {
    const email = uniqueEmail('verify');
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signUp({ email, password: 'secret1' });
    const token = await verificationTokenFor(db.db, email);

    const member = await (await browser.caller()).auth.verifyEmail({ token });
    expect(member).toMatchObject({ email, emailVerified: true });
    expect(browser.sessionToken).toBeTruthy();
    const session = await db.db.selectFrom('sessions').selectAll().where('id', '=', hashToken(browser.sessionToken!)).executeTakeFirstOrThrow();
    expect(session.user_id).toBe(member.id);
    expect(await (await browser.caller()).auth.me()).toEqual(member);
    expect((await userByEmail(email))!.email_verified_at).toEqual(services.clock.now());

    await expectAppError((await new TestBrowser(services).caller()).auth.verifyEmail({ token }), 'VERIFICATION_LINK_INVALID');
  });

  test('a link expires after a day, and only the newest link works', async () => {
    const email = uniqueEmail('expiry');
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signUp({ email, password: 'secret1' });
    const first = await verificationTokenFor(db.db, email);
    services.clock.advance(LIMITS.verificationCooldownSeconds * 1000);
    await (await browser.caller()).auth.resendVerification({ email });
    const second = await verificationTokenFor(db.db, email);
    expect(second).not.toBe(first);
    await expectAppError((await browser.caller()).auth.verifyEmail({ token: first }), 'VERIFICATION_LINK_INVALID');

    services.clock.advance(LIMITS.verificationTokenTtlMs);
    await expectAppError((await browser.caller()).auth.verifyEmail({ token: second }), 'VERIFICATION_LINK_INVALID');
    expect((await userByEmail(email))!.email_verified_at).toBeNull();
    expect(browser.sessionToken).toBeNull();
  });

  test('resending cools down, and answers the same for unknown and verified addresses without mailing them', async () => {
    const email = uniqueEmail('resend');
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signUp({ email, password: 'secret1' });
    const { data } = await expectAppError((await browser.caller()).auth.resendVerification({ email }), 'VERIFICATION_COOLDOWN');
    expect(Number(data.params?.seconds)).toBeGreaterThan(0);
    expect(Number(data.params?.seconds)).toBeLessThanOrEqual(LIMITS.verificationCooldownSeconds);

    const verified = await insertTestUser(db.db);
    const unknown = uniqueEmail('nobody');
    const visitor = new TestBrowser(services);
    const answers = [
      await (await visitor.caller()).auth.resendVerification({ email: verified.email }),
      await (await visitor.caller()).auth.resendVerification({ email: unknown }),
    ];
    expect(answers).toEqual([{ cooldownSeconds: LIMITS.verificationCooldownSeconds }, { cooldownSeconds: LIMITS.verificationCooldownSeconds }]);
    expect(await mailsTo(verified.email)).toEqual([]);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  test('without a language from the form, no preference is stored and the mail is in the default language', async () => {
    const email = uniqueEmail('no-language');
    await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1' });
    const profile = await db.db
      .selectFrom('profiles')
      .select('preferred_language')
      .where('user_id', '=', (await userByEmail(email))!.id)
      .executeTakeFirstOrThrow();
    expect(profile.preferred_language).toBeNull();
    expect((await mailsTo(email))[0]!.subject).toContain('验证');
  });

  test('stores an argon2id hash with at least 19 MiB and 2 passes, never the password', async () => {
    const email = uniqueEmail();
    await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'correct horse' });
    const row = await userByEmail(email);
    expect(row!.password_hash).not.toContain('correct horse');
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    const params = parseOptions(row!.password_hash);
    expect(params.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(params.timeCost).toBeGreaterThanOrEqual(2);
  });

  test('a registered address, in any case, gets the same answer as a new one; its owner is mailed a notice, nothing else changes', async () => {
    const owner = await insertTestUser(db.db);
    const before = await userByEmail(owner.email);
    const fresh = uniqueEmail('fresh');
    const browser = new TestBrowser(services);

    const forRegistered = await (await browser.caller()).auth.signUp({ email: owner.email.toUpperCase(), password: 'another1' });
    const forNew = await (await browser.caller()).auth.signUp({ email: fresh, password: 'another1' });

    expect(Object.keys(forRegistered)).toEqual(Object.keys(forNew));
    expect(forRegistered.cooldownSeconds).toBe(forNew.cooldownSeconds);
    expect(forRegistered.email).toBe(owner.email);
    expect(browser.sessionToken).toBeNull();
    expect(await userByEmail(owner.email)).toEqual(before);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`${services.config.publicOrigin}/auth?mode=reset`);
    expect(mails[0]!.text_body).not.toContain('verify-email');
    expect(await db.db.selectFrom('email_verification_tokens').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
  });

  test('refuses a password under 6 characters with the PASSWORD_TOO_SHORT field error', async () => {
    const email = uniqueEmail();
    const { error, data } = await expectAppError((await new TestBrowser(services).caller()).auth.signUp({ email, password: '12345' }), 'PASSWORD_TOO_SHORT');
    expect(error.code).toBe('BAD_REQUEST');
    expect(data.fields).toEqual({ password: 'PASSWORD_TOO_SHORT' });
    expect(await userByEmail(email)).toBeUndefined();
  });

  test.each(['', 'not-an-email', 'a@', '@example.test', 'two@@example.test'])('refuses the malformed e-mail %j as a typed validation error', async (email) => {
    const { error, data } = await expectAppError((await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1' }), 'EMAIL_INVALID');
    expect(error.code).toBe('BAD_REQUEST');
    expect(data.fields).toEqual({ email: 'EMAIL_INVALID' });
  });

  test('an invitation code is taken at sign-up; verification pays the welcome points only, the invitation waits for a first purchase (ADR 0045)', async () => {
    const inviter = await insertTestUser(db.db);
    const invitation = await insertInvitation(inviter.id, 'WELCOME1');
    const email = uniqueEmail('invited');
    const browser = new TestBrowser(services, '198.51.100.23');

    await (await browser.caller()).auth.signUp({ email, password: 'secret1', invitationCode: '  WELCOME1 ' });
    const invitee = (await userByEmail(email))!;
    // the block the sign-up came from, never the address itself
    expect(invitee.sign_up_address_block).toBe('198.51.100.0/24');
    const row = await db.db.selectFrom('invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'accepted', invitee_id: invitee.id, rewarded_at: null, reward_capped_at: null });
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
    expect((await getBalances(db.db, invitee.id)).points).toBe(0);

    await (await browser.caller()).auth.verifyEmail({ token: await verificationTokenFor(db.db, email) });
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
    // the welcome points every verified member gets (ADR 0030), and nothing for the invitation yet
    expect((await getBalances(db.db, invitee.id)).points).toBe(POINTS_RULES.welcomePoints);
    expect(await db.db.selectFrom('ledger_transfers').select('id').where('reference_id', '=', invitation.id).execute()).toEqual([]);
    expect(await db.db.selectFrom('invitations').select('rewarded_at').where('id', '=', invitation.id).executeTakeFirstOrThrow()).toEqual({
      rewarded_at: null,
    });
    expect(await db.db.selectFrom('notifications').select('type').where('user_id', '=', inviter.id).execute()).toEqual([]);

    // a password reset later proves the mailbox again: still nothing
    await (await browser.caller()).auth.requestPasswordReset({ email });
    const resetToken = /access_token=([^&\s]+)/.exec((await mailsTo(email)).at(-1)!.text_body)![1]!;
    await (await browser.caller()).auth.resetPassword({ token: decodeURIComponent(resetToken), password: 'secret22', confirmPassword: 'secret22' });
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
    expect((await getBalances(db.db, invitee.id)).points).toBe(POINTS_RULES.welcomePoints);
  });

  test('a password reset link verifies an unverified address and pays its welcome points, not the invitation', async () => {
    const referrer = await insertTestUser(db.db);
    const email = uniqueEmail('reset-verifies');
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signUp({ email, password: 'secret1', referrerId: referrer.id });
    services.clock.advance(LIMITS.resetCooldownSeconds * 1000);
    await (await browser.caller()).auth.requestPasswordReset({ email });
    const resetToken = /access_token=([^&\s]+)/.exec((await mailsTo(email)).at(-1)!.text_body)![1]!;
    await (await browser.caller()).auth.resetPassword({ token: decodeURIComponent(resetToken), password: 'secret22', confirmPassword: 'secret22' });
    const user = (await userByEmail(email))!;
    expect(user.email_verified_at).not.toBeNull();
    expect((await getBalances(db.db, user.id)).points).toBe(POINTS_RULES.welcomePoints);
    expect((await getBalances(db.db, referrer.id)).points).toBe(0);
  });

  test('an unknown code is refused with INVITATION_CODE_INVALID, for new and registered addresses alike, and writes nothing', async () => {
    const email = uniqueEmail('badcode');
    const registered = await insertTestUser(db.db);
    const transfersBefore = await db.db.selectFrom('ledger_transfers').select('id').execute();
    await expectAppError(
      (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1', invitationCode: 'NOSUCHCODE' }),
      'INVITATION_CODE_INVALID',
    );
    await expectAppError(
      (await new TestBrowser(services).caller()).auth.signUp({ email: registered.email, password: 'secret1', invitationCode: 'NOSUCHCODE' }),
      'INVITATION_CODE_INVALID',
    );
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
    expect(await mailsTo(registered.email)).toEqual([]);
    expect(await db.db.selectFrom('ledger_transfers').select('id').execute()).toHaveLength(transfersBefore.length);
  });

  test.for([
    { name: 'an already accepted code', outcome: 'used', status: 'accepted' as const, expired: false },
    { name: 'a code past its expiry', outcome: 'expired', status: 'pending' as const, expired: true },
    { name: 'a code the sweeper expired', outcome: 'expired', status: 'expired' as const, expired: true },
  ])('$name does not block sign-up: the account is made without the reward, and the answer says why', async ({ outcome, status, expired }) => {
    const inviter = await insertTestUser(db.db);
    const code = `X${crypto.randomUUID().slice(0, 7).toUpperCase()}`;
    await insertInvitation(inviter.id, code, { status, ...(expired ? { expiresAt: new Date(services.clock.now().getTime() - 1000) } : {}) });
    const email = uniqueEmail('stalecode');
    const registered = await insertTestUser(db.db);

    const answer = await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'secret1', invitationCode: code });
    expect(answer).toMatchObject({ email, invitation: outcome });
    // an address that already has an account gets the very same answer
    const sameAnswer = await (await new TestBrowser(services).caller()).auth.signUp({ email: registered.email, password: 'secret1', invitationCode: code });
    expect(sameAnswer.invitation).toBe(outcome);

    const token = await verificationTokenFor(db.db, email);
    await (await new TestBrowser(services).caller()).auth.verifyEmail({ token });
    const user = await userByEmail(email);
    expect(user).toBeDefined();
    expect((await getBalances(db.db, user!.id)).points).toBe(POINTS_RULES.welcomePoints);
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
  });

  test('a code typed in small letters is the same code', async () => {
    const inviter = await insertTestUser(db.db);
    await insertInvitation(inviter.id, 'LOWERME2');
    const answer = await (
      await new TestBrowser(services).caller()
    ).auth.signUp({ email: uniqueEmail('lower'), password: 'secret1', invitationCode: ' lowerMe2 ' });
    expect(answer.invitation).toBe('applied');
    const row = await db.db.selectFrom('invitations').select(['status', 'invitee_id']).where('invitation_code', '=', 'LOWERME2').executeTakeFirstOrThrow();
    expect(row.status).toBe('accepted');
  });

  test('a code works once: the second member to use it signs up without it', async () => {
    const inviter = await insertTestUser(db.db);
    await insertInvitation(inviter.id, 'ONCEONLY');
    await new TestBrowser(services).signUpAndVerify({ email: uniqueEmail(), password: 'secret1', invitationCode: 'ONCEONLY' });
    const secondEmail = uniqueEmail();
    await new TestBrowser(services).signUpAndVerify({ email: secondEmail, password: 'secret1', invitationCode: 'ONCEONLY' });
    expect((await getBalances(db.db, (await userByEmail(secondEmail))!.id)).points).toBe(POINTS_RULES.welcomePoints);
    const taken = await db.db.selectFrom('invitations').select('invitee_id').where('invitation_code', '=', 'ONCEONLY').executeTakeFirstOrThrow();
    expect(taken.invitee_id).not.toBe((await userByEmail(secondEmail))!.id);
    // nobody has bought anything yet: the inviter is paid nothing (ADR 0045)
    expect((await getBalances(db.db, inviter.id)).points).toBe(0);
  });

  test('a stored referrer gets an accepted invitation row with a fresh unique code, waiting for a first purchase', async () => {
    const referrer = await insertTestUser(db.db);
    const user = await new TestBrowser(services).signUpAndVerify({ email: uniqueEmail('referred'), password: 'secret1', referrerId: referrer.id });
    const rows = await db.db.selectFrom('invitations').selectAll().where('inviter_id', '=', referrer.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'accepted', invitee_id: user.id });
    expect(rows[0]!.invitation_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(rows[0]).toMatchObject({ rewarded_at: null, reward_capped_at: null });
    expect((await getBalances(db.db, referrer.id)).points).toBe(0);
    expect((await getBalances(db.db, user.id)).points).toBe(POINTS_RULES.welcomePoints);
  });

  test('an unknown referrer is ignored: the sign-up succeeds without an invitation or rewards', async () => {
    const user = await new TestBrowser(services).signUpAndVerify({
      email: uniqueEmail('stale-ref'),
      password: 'secret1',
      referrerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(await db.db.selectFrom('invitations').select('id').where('invitee_id', '=', user.id).execute()).toEqual([]);
    expect((await getBalances(db.db, user.id)).points).toBe(POINTS_RULES.welcomePoints);
  });

  test('an invitation code wins over a stored referrer', async () => {
    const inviter = await insertTestUser(db.db);
    const referrer = await insertTestUser(db.db);
    await insertInvitation(inviter.id, 'CODEWINS');
    const user = await new TestBrowser(services).signUpAndVerify({
      email: uniqueEmail(),
      password: 'secret1',
      invitationCode: 'CODEWINS',
      referrerId: referrer.id,
    });
    const row = await db.db.selectFrom('invitations').selectAll().where('invitee_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(inviter.id);
    expect((await getBalances(db.db, referrer.id)).points).toBe(0);
  });

  test("verifying ends the account's other sessions and this browser's previous one", async () => {
    const email = uniqueEmail('takeover');
    // someone signed up with this address and signed in with the password before the owner verified
    await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'squatter1' });
    const squatter = new TestBrowser(services);
    await (await squatter.caller()).auth.signIn({ email, password: 'squatter1' });
    expect(await (await squatter.caller()).auth.me()).toMatchObject({ email, emailVerified: false });

    const owner = new TestBrowser(services);
    const other = await owner.signUpAndVerify({ email: uniqueEmail('other'), password: 'secret1' });
    const otherToken = owner.sessionToken!;
    const member = await (await owner.caller()).auth.verifyEmail({ token: await verificationTokenFor(db.db, email) });

    expect(await (await squatter.caller()).auth.me()).toBeNull();
    expect(await db.db.selectFrom('sessions').select('id').where('id', '=', hashToken(otherToken)).execute()).toEqual([]);
    expect(services.events.published).toContainEqual({ type: 'session-revoked', userId: other.id, sessionIds: [hashToken(otherToken)] });
    expect((await (await owner.caller()).auth.me())?.id).toBe(member.id);
  });

  test('forty scripted sign-ups naming one referrer from one address pay the referrer nothing and are limited', async () => {
    const referrer = await insertTestUser(db.db);
    const farm = new TestBrowser(services, '203.0.113.7');
    const outcomes: string[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await (await farm.caller()).auth.signUp({ email: uniqueEmail('farm'), password: 'secret1', referrerId: referrer.id }).then(
        () => 'ok',
        (error: unknown) => appCodeOf(error) ?? 'error',
      );
      outcomes.push(answer);
    }
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(RATE_LIMITS.signUpsPerIp.points);
    expect(outcomes.slice(RATE_LIMITS.signUpsPerIp.points).every((o) => o === 'RATE_LIMITED')).toBe(true);
    expect((await getBalances(db.db, referrer.id)).points).toBe(0);
    const { data } = await expectAppError((await farm.caller()).auth.signUp({ email: uniqueEmail('farm'), password: 'secret1' }), 'RATE_LIMITED');
    expect(Number(data.params?.seconds)).toBeGreaterThan(0);
    expect(Number(data.params?.seconds)).toBeLessThanOrEqual(RATE_LIMITS.signUpsPerIp.windowSeconds);
  });

  test('an unverified member signs in, chats and browses, but no money leaves the account', async () => {
    const email = uniqueEmail('unverified');
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signUp({ email, password: 'secret1' });
    const me = await (await browser.caller()).auth.signIn({ email, password: 'secret1' });
    expect(me.emailVerified).toBe(false);
    await fund(db.db, me.id, 'usdn', 100_000);
    await fund(db.db, me.id, 'points', 10_000);
    const peer = await insertTestUser(db.db);
    const api = await browser.caller();

    await api.chat.send({ peerId: peer.id, content: 'hello there', clientId: crypto.randomUUID() });
    await api.marketplace.feed.page({});
    const before = await db.db.selectFrom('ledger_transfers').select('id').execute();
    const key = () => `unverified-${crypto.randomUUID()}`;
    await expectAppError(
      api.wallet.createWithdrawal({ amount: 100, address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', idempotencyKey: key() }),
      'EMAIL_NOT_VERIFIED',
    );
    await expectAppError(api.wallet.transfer({ email: peer.email, amount: 10, idempotencyKey: key() }), 'EMAIL_NOT_VERIFIED');
    await expectAppError(
      api.points.redemption.create({ points: 5_000, method: 'alipay', account: 'me@example.test', idempotencyKey: key() }),
      'EMAIL_NOT_VERIFIED',
    );
    await expectAppError(api.orders.tips.send({ orderId: crypto.randomUUID(), currency: 'usdn', amount: 5, idempotencyKey: key() }), 'EMAIL_NOT_VERIFIED');
    expect(await db.db.selectFrom('ledger_transfers').select('id').execute()).toHaveLength(before.length);
    expect((await getBalances(db.db, me.id)).usdnAvailableCents).toBe(100_000);
  });
});
