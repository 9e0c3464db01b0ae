import WebSocket from 'ws';
import type { RunningServer } from '../../server/src/server.ts';
import { SESSION_COOKIE } from '../../server/src/domain/accounts/sessions.ts';
import { hashToken } from '../../server/src/domain/accounts/tokens.ts';
import { WS_PATH } from '../../server/src/realtime/ws-server.ts';
import { describe, expect, test } from '../helpers/fixtures.ts';
import type { TestDatabase } from '../helpers/test-db.ts';
import { TEST_PASSWORD, insertTestUser, type TestUser } from '../helpers/users.ts';
import { tableCounts } from './support.ts';

/**
 * Session fixation and CSRF over real HTTP (server/src/http/csrf.ts; rules,
 * engineering rule E-10): sign-in always mints a new session and ends whatever the browser
 * carried; a cross-site write (text/plain or form body, foreign Origin, Sec-Fetch-Site
 * cross-site, a GET aimed at a mutation) is refused and changes nothing; the WebSocket refuses a
 * foreign Origin.
 */
let db: TestDatabase;
let running: RunningServer;
let victim: TestUser;
let attacker: TestUser;
const EVIL = 'https://evil.example';

test.beforeAll(async ({ server, db: fileDb }) => {
  db = fileDb;
  running = server;
  victim = await insertTestUser(db.db, { nickname: 'victim' });
  attacker = await insertTestUser(db.db, { nickname: 'attacker' });
});

/**
 * The session token a browser ends up with: Set-Cookie headers apply in order, and a request
 * carrying an unknown token first gets a clearing cookie, then the new session's.
 */
function tokenFrom(response: Response): string | null {
  const values = response.headers
    .getSetCookie()
    .map((header) => new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(header)?.[1])
    .filter((value): value is string => value !== undefined);
  return values.at(-1) || null;
}

async function signIn(user: TestUser, cookie?: string): Promise<string> {
  const response = await fetch(`${running.url}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ json: { email: user.email, password: TEST_PASSWORD } }),
  });
  expect(response.status).toBe(200);
  const token = tokenFrom(response);
  expect(token).toBeTruthy();
  return token!;
}

async function whoIs(token: string): Promise<string | null> {
  const response = await fetch(`${running.url}/trpc/auth.me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  const body = (await response.json()) as { result: { data: { json: { id: string } | null } } };
  return body.result.data.json?.id ?? null;
}

describe('session fixation', () => {
  test('a session id planted before sign-in is not the one after sign-in, and never authenticates', async () => {
    const planted = 'attacker-chosen-session-id-0123456789abcdef';
    const token = await signIn(victim, `${SESSION_COOKIE}=${planted}`);
    expect(token).not.toBe(planted);
    expect(await whoIs(planted)).toBeNull();
    expect(await whoIs(token)).toBe(victim.id);
    // nothing was stored under the planted value, in either form
    const rows = await db.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [planted, hashToken(planted)])
      .execute();
    expect(rows).toEqual([]);
  });

  test("an attacker's own valid session planted in the victim's browser is ended by the victim's sign-in", async () => {
    const attackersToken = await signIn(attacker);
    expect(await whoIs(attackersToken)).toBe(attacker.id);
    const victimsToken = await signIn(victim, `${SESSION_COOKIE}=${attackersToken}`);
    expect(victimsToken).not.toBe(attackersToken);
    expect(await whoIs(victimsToken)).toBe(victim.id);
    expect(await whoIs(attackersToken)).toBeNull();
  });

  test('the token rotates on every sign-in: a signed-in browser signing in again gets a new token and the old one ends', async () => {
    const first = await signIn(victim);
    const second = await signIn(victim, `${SESSION_COOKIE}=${first}`);
    expect(second).not.toBe(first);
    expect(await whoIs(first)).toBeNull();
    expect(await whoIs(second)).toBe(victim.id);
    // only the SHA-256 of a token is stored
    const stored = await db.db.selectFrom('sessions').select('id').where('user_id', '=', victim.id).execute();
    expect(stored.map((s) => s.id)).toContain(hashToken(second));
    expect(stored.map((s) => s.id)).not.toContain(second);
  });
});

describe('CSRF', () => {
  let cookie: string;
  const mutation = `/trpc/profile.updatePreferences`;
  const payload = JSON.stringify({ json: { preferredCurrency: 'JPY' } });

  test.beforeAll(async () => {
    cookie = `${SESSION_COOKIE}=${await signIn(attacker)}`;
  });

  async function currency(): Promise<string | null> {
    const row = await db.db.selectFrom('profiles').select('preferred_currency').where('user_id', '=', attacker.id).executeTakeFirstOrThrow();
    return row.preferred_currency;
  }

  /** Sends the request and checks it was refused with `status` and that no row or field changed. */
  async function expectRefused(init: RequestInit & { path?: string }, status: number) {
    const before = await tableCounts(db.db);
    const currencyBefore = await currency();
    const response = await fetch(`${running.url}${init.path ?? mutation}`, init);
    expect(response.status).toBe(status);
    const body = await response.text();
    expect(body).not.toMatch(/\bat [\w.<>]+ \(|\.ts:\d+/);
    expect(await currency()).toBe(currencyBefore);
    expect(await tableCounts(db.db)).toEqual(before);
  }

  test('a text/plain form post (the classic CSRF shape), even from no Origin at all, is refused with 415', async () => {
    await expectRefused({ method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: payload }, 415);
    await expectRefused({ method: 'POST', headers: { cookie, 'content-type': 'text/plain;charset=UTF-8', origin: running.url }, body: payload }, 415);
  });

  test('urlencoded and multipart form posts are refused too', async () => {
    await expectRefused(
      { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: `json=${encodeURIComponent(payload)}` },
      415,
    );
    const form = new FormData();
    form.append('json', payload);
    await expectRefused({ method: 'POST', headers: { cookie }, body: form }, 415);
  });

  test('a cross-site text/plain post is refused before its body is looked at', async () => {
    await expectRefused({ method: 'POST', headers: { cookie, 'content-type': 'text/plain', origin: EVIL }, body: payload }, 403);
  });

  test('a JSON mutation with a foreign Origin, or marked cross-site / same-site by the browser, is refused with 403', async () => {
    const json = { cookie, 'content-type': 'application/json' };
    await expectRefused({ method: 'POST', headers: { ...json, origin: EVIL }, body: payload }, 403);
    await expectRefused({ method: 'POST', headers: { ...json, origin: 'null' }, body: payload }, 403);
    await expectRefused({ method: 'POST', headers: { ...json, origin: `${running.url}.evil.example` }, body: payload }, 403);
    await expectRefused({ method: 'POST', headers: { ...json, 'sec-fetch-site': 'cross-site' }, body: payload }, 403);
    await expectRefused({ method: 'POST', headers: { ...json, 'sec-fetch-site': 'same-site', origin: running.url }, body: payload }, 403);
    // a batch cannot smuggle one in either
    await expectRefused(
      { method: 'POST', path: `${mutation}?batch=1`, headers: { ...json, origin: EVIL }, body: JSON.stringify({ 0: { json: { preferredCurrency: 'JPY' } } }) },
      403,
    );
  });

  test('a mutation reached by GET (an <img src> or link) is refused', async () => {
    await expectRefused({ method: 'GET', path: `${mutation}?input=${encodeURIComponent(payload)}`, headers: { cookie } }, 405);
  });

  test('the same mutation from our own origin with JSON is accepted (the control)', async () => {
    const response = await fetch(`${running.url}${mutation}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: running.url, 'sec-fetch-site': 'same-origin' },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect(await currency()).toBe('JPY');
  });

  test('the upload route refuses a cross-site post with a valid cookie', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'x.png');
    await expectRefused({ method: 'POST', path: '/api/uploads?purpose=listing', headers: { cookie, origin: EVIL }, body: form }, 403);
  });
});

describe('WebSocket origin', () => {
  function openSocket(headers: Record<string, string>): Promise<{ opened: boolean; status?: number }> {
    const url = `${running.url.replace(/^http/, 'ws')}${WS_PATH}`;
    return new Promise((resolve) => {
      const socket = new WebSocket(url, { headers });
      socket.once('open', () => {
        socket.close();
        resolve({ opened: true });
      });
      socket.once('unexpected-response', (_req, res) => {
        resolve({ opened: false, status: res.statusCode ?? 0 });
        socket.terminate();
      });
      socket.once('error', () => resolve({ opened: false }));
    });
  }

  test('a foreign Origin is refused at the upgrade with 403, even with a valid session cookie', async () => {
    const cookie = `${SESSION_COOKIE}=${await signIn(victim)}`;
    expect(await openSocket({ cookie, origin: EVIL })).toEqual({ opened: false, status: 403 });
    expect(await openSocket({ cookie, origin: `${running.url}.evil.example` })).toEqual({ opened: false, status: 403 });
    expect(await openSocket({ cookie, origin: running.url })).toEqual({ opened: true });
  });
});
