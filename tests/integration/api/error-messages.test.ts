import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@curio/shared';
import type { RunningServer } from '../../../server/src/server.ts';
import { createSession, SESSION_COOKIE } from '../../../server/src/domain/accounts/sessions.ts';
import { systemClock } from '../../../server/src/clock.ts';
import { callerFor } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';

/**
 * Rule I-13 for script authors: a refusal's `message` is its text in the caller's language (the
 * member's preference, else Accept-Language, else zh-CN), taken from the client's errors.json,
 * while `data.appError` keeps the code and parameters the client translates by (ADR 0031).
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../client/src/i18n/locales');
function text(language: Language, code: string): string {
  const messages = JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'errors.json'), 'utf8')) as Record<string, string>;
  const message = messages[code];
  if (!message) throw new Error(`no ${code} in ${language}`);
  return message;
}

const MISSING_LISTING = { id: '00000000-0000-4000-8000-000000000000' };

interface TrpcFailure {
  status: number;
  message: string;
  appError: { code: string; params?: Record<string, unknown>; fields?: Record<string, string> };
}

let running: RunningServer;

test.beforeAll(async ({ server }) => {
  running = server;
});

async function trpc(procedure: string, input: unknown, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<TrpcFailure> {
  const encoded = JSON.stringify({ json: input });
  const response =
    method === 'GET'
      ? await fetch(`${running.url}/trpc/${procedure}?input=${encodeURIComponent(encoded)}`, { headers })
      : await fetch(`${running.url}/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: encoded });
  const body = (await response.json()) as { error?: { json: { message: string; data: { appError: TrpcFailure['appError'] } } } };
  if (!body.error) throw new Error(`${procedure} did not fail`);
  return { status: response.status, message: body.error.json.message, appError: body.error.json.data.appError };
}

/** A member with an API token (and a browser session), the profile language set when given. */
async function memberWithToken(preferredLanguage?: Language) {
  const user = await insertTestUser(running.services.db);
  const api = await callerFor(running.services, user.id);
  if (preferredLanguage) await api.profile.updatePreferences({ preferredLanguage });
  const { token } = await api.auth.apiTokens.create({ name: 'script' });
  const session = await createSession(running.services.db, systemClock, user.id);
  return { bearer: { authorization: `Bearer ${token}` }, cookie: { cookie: `${SESSION_COOKIE}=${session.token}` } };
}

describe('a refusal speaks the caller’s language', () => {
  test.for([
    ['en', 'en'],
    ['ja-JP,ja;q=0.9,en;q=0.5', 'ja'],
    ['fr-FR, es;q=0.7', 'es'],
    ['zh-HK,zh;q=0.9', 'zh-TW'],
    ['fr', 'zh-CN'],
  ] as const)('an API token caller with Accept-Language %s reads %s', async ([header, language]) => {
    const { bearer } = await memberWithToken();
    const failure = await trpc('marketplace.listings.get', MISSING_LISTING, { ...bearer, 'accept-language': header });
    expect(failure).toEqual({ status: 404, message: text(language, 'LISTING_NOT_FOUND'), appError: { code: 'LISTING_NOT_FOUND' } });
  });

  test('without Accept-Language and without a preference: zh-CN', async () => {
    const { bearer } = await memberWithToken();
    expect((await trpc('marketplace.listings.get', MISSING_LISTING, bearer)).message).toBe(text('zh-CN', 'LISTING_NOT_FOUND'));
  });

  test("the member's preferred language (ko) wins over Accept-Language, with a token and with the cookie", async () => {
    const { bearer, cookie } = await memberWithToken('ko');
    for (const auth of [bearer, cookie]) {
      const failure = await trpc('marketplace.listings.get', MISSING_LISTING, { ...auth, 'accept-language': 'en' });
      expect(failure.message).toBe(text('ko', 'LISTING_NOT_FOUND'));
      expect(failure.message).not.toBe(text('en', 'LISTING_NOT_FOUND'));
      expect(failure.appError).toEqual({ code: 'LISTING_NOT_FOUND' });
    }
  });

  test('a cookie caller without a preference follows Accept-Language', async () => {
    const { cookie } = await memberWithToken();
    expect((await trpc('marketplace.listings.get', MISSING_LISTING, { ...cookie, 'accept-language': 'ja' })).message).toBe(text('ja', 'LISTING_NOT_FOUND'));
  });

  test('placeholders are filled from the parameters, which stay in data.appError as before', async () => {
    const email = 'cooling-message@example.test';
    await trpc('auth.requestPasswordReset', { email }, { 'accept-language': 'en' }, 'POST').catch(() => undefined);
    const failure = await trpc('auth.requestPasswordReset', { email }, { 'accept-language': 'en' }, 'POST');
    expect(failure.status).toBe(429);
    expect(failure.appError.code).toBe('RESET_COOLDOWN');
    const seconds = failure.appError.params?.seconds;
    expect(seconds).toBeTypeOf('number');
    expect(failure.message).toBe(text('en', 'RESET_COOLDOWN').replace('{{seconds}}', String(seconds)));
    expect(failure.message).not.toContain('{{');
  });

  test('an input-schema refusal: the first field’s code, translated; the field codes unchanged', async () => {
    const { bearer } = await memberWithToken();
    const failure = await trpc(
      'marketplace.buyingRequests.create',
      { title: 'x'.repeat(101), description: 'fine' },
      { ...bearer, 'accept-language': 'en' },
      'POST',
    );
    expect(failure).toEqual({
      status: 400,
      message: text('en', 'TITLE_TOO_LONG'),
      appError: { code: 'TITLE_TOO_LONG', fields: { title: 'TITLE_TOO_LONG' } },
    });
  });

  test('a refusal before tRPC reads the body (nested too deep) follows Accept-Language too', async () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const tooDeep = await fetch(`${running.url}/trpc/auth.signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      body: deep,
    });
    const tooDeepBody = (await tooDeep.json()) as { error: { json: { message: string; data: { appError: { code: string } } } } };
    expect(tooDeep.status).toBe(400);
    expect(tooDeepBody.error.json).toMatchObject({ message: text('es', 'VALIDATION_FAILED'), data: { appError: { code: 'VALIDATION_FAILED' } } });
  });
});
