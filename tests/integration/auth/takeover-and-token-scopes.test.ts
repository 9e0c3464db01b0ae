import { randomUUID } from 'node:crypto';
import { API_TOKEN_ADMIN_MAX_DAYS } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { newApiTokenSecret } from '../../../server/src/domain/accounts/api-tokens.ts';
import { banUser } from '../../../server/src/domain/accounts/ban-user.ts';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, TEST_PASSWORD, verificationTokenFor } from '../../helpers/users.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';
import { openAuthWorld, TestBrowser, tokenCaller, uniqueEmail, type AuthTestServices } from './support.ts';

/**
 * Tokens end with the access that minted them (ADR 0044). The attack: a stranger signs up with
 * someone else's address (unverified), signs in with their own password and keeps a script's way
 * in; when the mailbox's owner verifies the address or resets the password, the stranger's cookie
 * ended but the token kept working and moved the owner's money out.
 */
let db: TestDatabase, services: AuthTestServices;

test.beforeAll(({ db: fileDb, services: fileServices }) => {
  ({ db, services } = openAuthWorld({ db: fileDb, services: fileServices }));
});

/**
 * A token written the way one was minted before unverified accounts were refused: the stranger
 * of the attack holds one, and so may any account made before this rule.
 */
async function tokenMintedEarlier(userId: string): Promise<string> {
  const secret = newApiTokenSecret();
  await db.db
    .insertInto('api_tokens')
    .values({ user_id: userId, name: 'made before the rule', token_hash: secret.hash, prefix: secret.prefix, scopes: ['read', 'trade', 'wallet'] })
    .execute();
  return secret.token;
}

/** The stranger: signs up with the victim's address, signs in with their own password, tries to mint a token. */
async function squat(email: string) {
  await (await new TestBrowser(services).caller()).auth.signUp({ email, password: 'squatter1' });
  const squatter = new TestBrowser(services);
  const me = await (await squatter.caller()).auth.signIn({ email, password: 'squatter1' });
  await expectAppError((await squatter.caller()).auth.apiTokens.create({ name: 'my way back in' }), 'EMAIL_NOT_VERIFIED');
  expect(await db.db.selectFrom('api_tokens').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
  return { squatter, userId: me.id, token: await tokenMintedEarlier(me.id) };
}

/** What the stranger can still do once the owner has taken the account over: nothing. */
async function expectLockedOut(squatter: TestBrowser, token: string, userId: string) {
  expect(await (await squatter.caller()).auth.me()).toBeNull();
  const viaToken = await tokenCaller(services, token);
  expect(await viaToken.auth.me()).toBeNull();
  // the owner's money arrives after the takeover; the stranger's script cannot move it
  await fund(db.db, userId, 'usdn', 5_000);
  const thief = await insertTestUser(db.db);
  await expectAppError(viaToken.wallet.transfer({ email: thief.email, amount: 50, idempotencyKey: randomUUID() }), 'LOGIN_REQUIRED');
  expect((await getBalances(db.db, userId)).usdnAvailableCents).toBe(5_000);
}

describe('a stranger who registered the address first', () => {
  test('loses cookie and token when the owner opens the verification link', async () => {
    const email = uniqueEmail('victim');
    const { squatter, userId, token } = await squat(email);
    const owner = new TestBrowser(services);
    await (await owner.caller()).auth.verifyEmail({ token: await verificationTokenFor(db.db, email) });
    expect((await (await owner.caller()).auth.me())?.id).toBe(userId);
    await expectLockedOut(squatter, token, userId);
  });

  test('loses cookie and token when the owner resets the password', async () => {
    const email = uniqueEmail('victim');
    const { squatter, userId, token } = await squat(email);
    await (await new TestBrowser(services).caller()).auth.requestPasswordReset({ email });
    const [mail] = await db.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').execute();
    const link = /https?:\/\/\S+\/reset-password#\S+/.exec(mail!.text_body)![0];
    const resetToken = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')!;
    await (await new TestBrowser(services).caller()).auth.resetPassword({ token: resetToken, password: 'owner-secret', confirmPassword: 'owner-secret' });
    await expectLockedOut(squatter, token, userId);
    await expectAppError((await new TestBrowser(services).caller()).auth.signIn({ email, password: 'squatter1' }), 'INVALID_CREDENTIALS');
  });
});

describe('tokens end with the account access', () => {
  test("a verified member's password reset revokes every token", async ({ member }) => {
    const { user, api } = await member();
    const { token } = await api.auth.apiTokens.create({ name: 'nightly' });
    expect((await (await tokenCaller(services, token)).auth.me())?.id).toBe(user.id);
    await (await new TestBrowser(services).caller()).auth.requestPasswordReset({ email: user.email });
    const [mail] = await db.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', user.email).orderBy('created_at', 'desc').execute();
    const resetToken = new URLSearchParams(new URL(/https?:\/\/\S+\/reset-password#\S+/.exec(mail!.text_body)![0]).hash.slice(1)).get('access_token')!;
    await (await new TestBrowser(services).caller()).auth.resetPassword({ token: resetToken, password: 'another-1', confirmPassword: 'another-1' });
    expect(await (await tokenCaller(services, token)).auth.me()).toBeNull();
    expect(await api.auth.apiTokens.list().catch(() => [])).toEqual([]);
  });

  test('a ban revokes tokens for good: lifting it does not bring them back', async ({ member, admin }) => {
    const { user, api } = await member();
    const { token } = await api.auth.apiTokens.create({ name: 'bot' });
    await banUser(db.db, services.events, { userId: user.id, bannedBy: admin.id, reason: 'spam' });
    await db.db.updateTable('user_bans').set({ status: 'lifted' }).where('user_id', '=', user.id).execute();
    expect(await (await tokenCaller(services, token)).auth.me()).toBeNull();
  });

  test("an admin's end-all-sessions ends the member's cookies and tokens", async ({ member, admin }) => {
    const { user, api } = await member();
    const { token } = await api.auth.apiTokens.create({ name: 'bot' });
    const browser = new TestBrowser(services);
    await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
    expect(await admin.api.admin.users.endSessions({ userId: user.id, reason: 'account reported stolen' })).toEqual({ endedSessions: 1, revokedTokens: 1 });
    expect(await (await tokenCaller(services, token)).auth.me()).toBeNull();
    expect(await (await browser.caller()).auth.me()).toBeNull();
    const audit = await db.db.selectFrom('admin_audit_log').select(['action', 'target_id']).where('target_id', '=', user.id).execute();
    expect(audit).toContainEqual({ action: 'user.end_sessions', target_id: user.id });
    await expectAppError(api.admin.users.endSessions({ userId: user.id, reason: 'x' }), 'ADMIN_REQUIRED');
  });
});

describe('scoped tokens', () => {
  test('scopes are chosen at creation and shown in the list; read is always among them', async ({ member }) => {
    const { api } = await member();
    const made = await api.auth.apiTokens.create({ name: 'watcher', scopes: [] });
    expect(made.summary.scopes).toEqual(['read']);
    const trader = await api.auth.apiTokens.create({ name: 'trader' });
    expect(trader.summary.scopes).toEqual(['read', 'trade']);
    const listed = await api.auth.apiTokens.list();
    expect(listed.map((t) => [t.name, t.scopes])).toEqual(
      expect.arrayContaining([
        ['watcher', ['read']],
        ['trader', ['read', 'trade']],
      ]),
    );
  });

  test('a read token reads but cannot change anything; a trade token cannot move money out', async ({ member }) => {
    const { user, api } = await member();
    await fund(db.db, user.id, 'usdn', 10_000);
    const peer = await insertTestUser(db.db);
    const reader = await tokenCaller(services, (await api.auth.apiTokens.create({ name: 'reader', scopes: ['read'] })).token);
    expect((await reader.auth.me())?.id).toBe(user.id);
    const { data } = await expectAppError(reader.chat.send({ peerId: peer.id, content: 'hi', clientId: randomUUID() }), 'TOKEN_SCOPE_MISSING');
    expect(data.params).toEqual({ scope: 'trade' });

    const trader = await tokenCaller(services, (await api.auth.apiTokens.create({ name: 'trader', scopes: ['trade'] })).token);
    await trader.chat.send({ peerId: peer.id, content: 'hi', clientId: randomUUID() });
    const refused = await expectAppError(trader.wallet.transfer({ email: peer.email, amount: 1, idempotencyKey: randomUUID() }), 'TOKEN_SCOPE_MISSING');
    expect(refused.data.params).toEqual({ scope: 'wallet' });
    expect((await getBalances(db.db, user.id)).usdnAvailableCents).toBe(10_000);
  });

  test('wallet moves through a token can be turned off per token, from the browser only', async ({ member }) => {
    const { user, api } = await member();
    await fund(db.db, user.id, 'usdn', 10_000);
    const peer = await insertTestUser(db.db);
    const made = await api.auth.apiTokens.create({ name: 'payer', scopes: ['trade', 'wallet'] });
    const payer = await tokenCaller(services, made.token);
    await payer.wallet.transfer({ email: peer.email, amount: 1, idempotencyKey: randomUUID() });
    expect((await api.auth.apiTokens.setWallet({ id: made.summary.id, wallet: false })).scopes).toEqual(['read', 'trade']);
    // each request authenticates anew, as each HTTP request does
    const payerNow = await tokenCaller(services, made.token);
    await expectAppError(payerNow.wallet.transfer({ email: peer.email, amount: 1, idempotencyKey: randomUUID() }), 'TOKEN_SCOPE_MISSING');
    // a token cannot widen itself, nor mint another
    await expectAppError(payerNow.auth.apiTokens.setWallet({ id: made.summary.id, wallet: true }), 'SESSION_REQUIRED');
    await expectAppError(payerNow.auth.apiTokens.create({ name: 'child', scopes: ['wallet'] }), 'SESSION_REQUIRED');
    expect((await getBalances(db.db, user.id)).usdnAvailableCents).toBe(9_900);
    // another member's token is not found
    const { api: stranger } = await member();
    await expectAppError(stranger.auth.apiTokens.setWallet({ id: made.summary.id, wallet: true }), 'API_TOKEN_NOT_FOUND');
  });

  test('the admin scope: admins only, asked for explicitly, with an expiry, and needed for every admin procedure', async ({ member, admin }) => {
    const { api: memberApi } = await member();
    await expectAppError(memberApi.auth.apiTokens.create({ name: 'sneaky', scopes: ['admin'], expiresInDays: 1 }), 'ADMIN_REQUIRED');
    const { id: adminId, api: adminApi } = admin;
    await expectAppError(adminApi.auth.apiTokens.create({ name: 'forever', scopes: ['admin'] }), 'API_TOKEN_ADMIN_EXPIRY');
    await expectAppError(
      adminApi.auth.apiTokens.create({ name: 'long', scopes: ['admin'], expiresInDays: API_TOKEN_ADMIN_MAX_DAYS + 1 }),
      'API_TOKEN_ADMIN_EXPIRY',
    );

    // an admin's token without the admin scope is refused by admin procedures
    const plain = await tokenCaller(services, (await adminApi.auth.apiTokens.create({ name: 'plain', scopes: ['trade', 'wallet'] })).token);
    await expectAppError(plain.admin.users.adjustUsdn({ userId: adminId, amount: 100, reason: 'x', idempotencyKey: randomUUID() }), 'TOKEN_SCOPE_MISSING');
    await expectAppError(plain.admin.dashboard(), 'TOKEN_SCOPE_MISSING');

    const scoped = await adminApi.auth.apiTokens.create({ name: 'console', scopes: ['admin'], expiresInDays: 1 });
    expect(scoped.summary.expiresAt?.getTime()).toBe(services.clock.now().getTime() + 24 * 60 * 60 * 1000);
    await (await tokenCaller(services, scoped.token)).admin.dashboard();
    // it ends by itself
    services.clock.advance(24 * 60 * 60 * 1000);
    expect(await (await tokenCaller(services, scoped.token)).auth.me()).toBeNull();
    expect((await adminApi.auth.apiTokens.list()).map((t) => t.name)).not.toContain('console');
  });

  test('a member token cannot call an admin procedure', async ({ member }) => {
    const { user, api } = await member();
    const token = await tokenCaller(services, (await api.auth.apiTokens.create({ name: 'all', scopes: ['read', 'trade', 'wallet'] })).token);
    await expectAppError(token.admin.users.adjustUsdn({ userId: user.id, amount: 100, reason: 'x', idempotencyKey: randomUUID() }), 'TOKEN_SCOPE_MISSING');
    expect((await getBalances(db.db, user.id)).usdnAvailableCents).toBe(0);
  });
});
