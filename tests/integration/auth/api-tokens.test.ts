import { describe, expect, test } from '../../helpers/fixtures.ts';
import { API_TOKEN_LAST_USED_PRECISION_MS, API_TOKEN_PREFIX } from '../../../server/src/domain/accounts/api-tokens.ts';
import { hashToken } from '../../../server/src/domain/accounts/tokens.ts';
import { banUser } from '../../../server/src/domain/accounts/ban-user.ts';
import { TestBrowser, tokenCaller } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

describe('auth.apiTokens', () => {
  test('create returns the secret once and stores only its hash; list shows the summary', async ({ db, services, member: newMember }) => {
    const { user, api: member } = await newMember();
    const { token, summary } = await member.auth.apiTokens.create({ name: '  nightly export  ' });

    expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(summary).toMatchObject({ name: 'nightly export', lastUsedAt: null, createdAt: services.clock.now() });
    expect(token.startsWith(summary.prefix)).toBe(true);
    expect(summary.prefix.length).toBeLessThan(token.length - 20);
    const rows = await db.db.selectFrom('api_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await member.auth.apiTokens.list()).toEqual([summary]);
    expect(JSON.stringify(await member.auth.apiTokens.list())).not.toContain(token);
  });

  test('a token authenticates as its owner and records when it was last used', async ({ services, member }) => {
    const { user, api } = await member();
    const { token, summary } = await api.auth.apiTokens.create({ name: 'script' });
    const viaToken = await tokenCaller(services, token);
    expect((await viaToken.auth.me())?.id).toBe(user.id);
    const [listed] = await api.auth.apiTokens.list();
    expect(listed?.id).toBe(summary.id);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  test('a burst of calls records the last use once a minute, not once a call', async ({ services, member }) => {
    const { api } = await member();
    const { token } = await api.auth.apiTokens.create({ name: 'burst' });
    const lastUsed = async () => (await api.auth.apiTokens.list()).find((t) => t.name === 'burst')?.lastUsedAt;
    // each call authenticates anew, as each HTTP request does
    const call = async () => (await tokenCaller(services, token)).auth.me();
    const first = services.clock.now();
    await call();
    expect(await lastUsed()).toEqual(first);

    services.clock.advance(API_TOKEN_LAST_USED_PRECISION_MS - 1_000);
    await call();
    expect(await lastUsed()).toEqual(first);

    services.clock.advance(1_000);
    await call();
    expect(await lastUsed()).toEqual(services.clock.now());
  });

  test('revoke removes the token from the list and it stops authenticating', async ({ services, member: newMember }) => {
    const { user, api: member } = await newMember();
    const kept = await member.auth.apiTokens.create({ name: 'kept' });
    const revoked = await member.auth.apiTokens.create({ name: 'revoked' });
    expect(await member.auth.apiTokens.revoke({ id: revoked.summary.id })).toEqual({ ok: true });
    expect((await member.auth.apiTokens.list()).map((t) => t.name)).toEqual(['kept']);
    expect(await (await tokenCaller(services, revoked.token)).auth.me()).toBeNull();
    expect((await (await tokenCaller(services, kept.token)).auth.me())?.id).toBe(user.id);
    await expectAppError(member.auth.apiTokens.revoke({ id: revoked.summary.id }), 'API_TOKEN_NOT_FOUND');
  });

  test("another member's token cannot be seen or revoked (API_TOKEN_NOT_FOUND), and keeps working", async ({ services, member }) => {
    const owner = await member();
    const stranger = await member();
    const { token, summary } = await owner.api.auth.apiTokens.create({ name: 'mine' });
    const strangerCaller = stranger.api;
    expect(await strangerCaller.auth.apiTokens.list()).toEqual([]);
    const { error } = await expectAppError(strangerCaller.auth.apiTokens.revoke({ id: summary.id }), 'API_TOKEN_NOT_FOUND');
    expect(error.code).toBe('NOT_FOUND');
    expect((await (await tokenCaller(services, token)).auth.me())?.id).toBe(owner.id);
  });

  test('an unknown id is API_TOKEN_NOT_FOUND; a malformed id is a typed validation error', async ({ member: newMember }) => {
    const { api: member } = await newMember();
    await expectAppError(member.auth.apiTokens.revoke({ id: '00000000-0000-4000-8000-000000000000' }), 'API_TOKEN_NOT_FOUND');
    const { error } = await expectAppError(member.auth.apiTokens.revoke({ id: 'nope' }), 'VALIDATION_FAILED');
    expect(error.code).toBe('BAD_REQUEST');
  });

  test('a name is required', async ({ member: newMember }) => {
    const { api: member } = await newMember();
    const { data } = await expectAppError(member.auth.apiTokens.create({ name: '   ' }), 'VALIDATION_FAILED');
    expect(data.fields).toHaveProperty('name');
  });

  test('a token cannot mint more tokens: creating needs a browser session', async ({ services, member }) => {
    const { api } = await member();
    const { token } = await api.auth.apiTokens.create({ name: 'script' });
    const viaToken = await tokenCaller(services, token);
    await expectAppError(viaToken.auth.apiTokens.create({ name: 'offspring' }), 'SESSION_REQUIRED');
    // listing and revoking its own kind is fine for automation
    expect(await viaToken.auth.apiTokens.list()).toHaveLength(1);
  });

  test('visitors are refused (LOGIN_REQUIRED)', async ({ services }) => {
    const visitor = await new TestBrowser(services).caller();
    await expectAppError(visitor.auth.apiTokens.list(), 'LOGIN_REQUIRED');
    await expectAppError(visitor.auth.apiTokens.create({ name: 'x' }), 'LOGIN_REQUIRED');
  });

  test("a banned member's tokens stop authenticating", async ({ services, admin, member }) => {
    const { user, api } = await member();
    const { token } = await api.auth.apiTokens.create({ name: 'script' });
    await banUser(services.db, services.events, { userId: user.id, bannedBy: admin.id, reason: 'spam' });
    expect(await (await tokenCaller(services, token)).auth.me()).toBeNull();
  });

  test('a ban revokes the tokens for good: they still fail after the unban (rule A-18)', async ({ db, services, admin, member }) => {
    const { user, api } = await member();
    const first = await api.auth.apiTokens.create({ name: 'nightly export' });
    const second = await api.auth.apiTokens.create({ name: 'price watcher' });
    expect((await (await tokenCaller(services, first.token)).auth.me())?.id).toBe(user.id);

    await admin.api.admin.users.ban({ userId: user.id, reason: 'fraud' });
    for (const { token } of [first, second]) {
      await expectAppError((await tokenCaller(services, token)).auth.apiTokens.list(), 'LOGIN_REQUIRED');
    }
    const rows = await db.db.selectFrom('api_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);

    // lifting the ban lets the member sign in again, not the scripts they had handed a token
    await admin.api.admin.users.unban({ userId: user.id });
    for (const { token } of [first, second]) {
      const viaToken = await tokenCaller(services, token);
      expect(await viaToken.auth.me()).toBeNull();
      await expectAppError(viaToken.auth.apiTokens.list(), 'LOGIN_REQUIRED');
    }
  });
});
