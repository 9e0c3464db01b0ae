import { TRPCClientError } from '@trpc/client';
import type { RunningServer } from '../../../server/src/server.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { SESSION_COOKIE } from '../../../server/src/domain/accounts/sessions.ts';
import { callerFor } from '../../helpers/services.ts';
import { insertTestUser, verificationTokenFor, type TestUser } from '../../helpers/users.ts';
import { createCurioClient } from '../../../scripts/examples/call-with-token.ts';

/** Over real HTTP: the script client with a Bearer token, the cookie flow, and typed errors. */
let running: RunningServer;
let user: TestUser;

test.beforeAll(async ({ server, db }) => {
  running = server;
  user = await insertTestUser(db.db, { nickname: 'scripter' });
});

async function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${running.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ json: body }),
  });
}

describe('personal API tokens over HTTP', () => {
  test("the example script's client calls auth.me and a mutation with a Bearer token", async () => {
    const { token } = await (await callerFor(running.services, user.id)).auth.apiTokens.create({ name: 'example script' });
    const client = createCurioClient({ url: running.url, token });

    expect(await client.auth.me.query()).toMatchObject({ id: user.id, email: user.email, nickname: 'scripter' });
    expect(await client.profile.updatePreferences.mutate({ preferredCurrency: 'USD' })).toEqual({ ok: true });
    expect((await client.auth.me.query())?.preferredCurrency).toBe('USD');
  });

  test('a wrong or revoked token is a visitor: me is null and member procedures say LOGIN_REQUIRED', async () => {
    const member = await callerFor(running.services, user.id);
    const { token, summary } = await member.auth.apiTokens.create({ name: 'soon revoked' });
    await member.auth.apiTokens.revoke({ id: summary.id });

    for (const bad of [token, 'curio_pat_not-a-real-token', 'garbage']) {
      const client = createCurioClient({ url: running.url, token: bad });
      expect(await client.auth.me.query()).toBeNull();
      const error = await client.auth.apiTokens.list.query().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<never>).data).toMatchObject({ httpStatus: 401, appError: { code: 'LOGIN_REQUIRED' } });
    }
  });
});

describe('browser sessions over HTTP', () => {
  test('the verification link sets an HttpOnly, SameSite=Lax, Secure session cookie that authenticates later calls', async ({ db }) => {
    const signUp = await postJson('auth.signUp', { email: 'http-member@example.test', password: 'secret1' });
    expect(signUp.status).toBe(200);
    // sign-up itself signs nobody in: only the mailbox's owner can
    expect(signUp.headers.get('set-cookie')).toBeNull();
    const token = await verificationTokenFor(db.db, 'http-member@example.test');
    const response = await postJson('auth.verifyEmail', { token });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain(`${SESSION_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i);
    const cookie = setCookie.split(';')[0]!;

    const me = await fetch(`${running.url}/trpc/auth.me`, { headers: { cookie } });
    const body = (await me.json()) as { result: { data: { json: { email: string } } } };
    expect(body.result.data.json.email).toBe('http-member@example.test');

    const signOut = await postJson('auth.signOut', null, { cookie });
    expect(signOut.status).toBe(200);
    expect(signOut.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;.*Max-Age=0`, 'i'));
    const after = await fetch(`${running.url}/trpc/auth.me`, { headers: { cookie } });
    expect(((await after.json()) as { result: { data: { json: unknown } } }).result.data.json).toBeNull();
  });

  test('invalid input is a 400 with a typed app code and field errors, never a 500', async () => {
    const response = await postJson('auth.signUp', { email: 'nope', password: '123' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { json: { message: string; data: { appError: unknown } } } };
    expect(body.error.json.data.appError).toEqual({
      code: 'EMAIL_INVALID',
      fields: { email: 'EMAIL_INVALID', password: 'PASSWORD_TOO_SHORT' },
    });
    expect(JSON.stringify(body)).not.toMatch(/\bat \w|\.ts:\d+/);
  });

  test('a domain error keeps its code and parameters over HTTP', async () => {
    const first = await postJson('auth.requestPasswordReset', { email: 'cooling@example.test' });
    expect(first.status).toBe(200);
    const second = await postJson('auth.requestPasswordReset', { email: 'cooling@example.test' });
    expect(second.status).toBe(429);
    const body = (await second.json()) as { error: { json: { data: { appError: { code: string; params: { seconds: number } } } } } };
    expect(body.error.json.data.appError.code).toBe('RESET_COOLDOWN');
    expect(body.error.json.data.appError.params.seconds).toBeGreaterThan(55);
  });
});
