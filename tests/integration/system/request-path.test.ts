import { request } from 'node:http';
import { vi } from 'vitest';
import type { RunningServer } from '../../../server/src/server.ts';
import { createSession, SESSION_COOKIE } from '../../../server/src/domain/accounts/sessions.ts';
import { createApiToken } from '../../../server/src/domain/accounts/api-tokens.ts';
import { systemClock } from '../../../server/src/clock.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { insertTestUser, type TestUser } from '../../helpers/users.ts';

/**
 * The short ways through the request path (docs/performance.md "HTTP overhead"): each is checked
 * to be taken, and to keep the answer what the long way gave.
 */
let running: RunningServer;
let user: TestUser;

test.beforeAll(async ({ server, db }) => {
  running = server;
  user = await insertTestUser(db.db, { nickname: 'pathfinder' });
});

/** The SQL statements the server's database handle runs while `call` is under way. */
async function statementsDuring(call: () => Promise<void>): Promise<string[]> {
  const executor = running.services.db.getExecutor();
  const spy = vi.spyOn(executor, 'executeQuery');
  try {
    await call();
    return spy.mock.calls.map(([query]) => query.sql);
  } finally {
    spy.mockRestore();
  }
}

async function me(headers: Record<string, string>): Promise<{ id: string; nickname: string } | null> {
  const response = await fetch(`${running.url}/trpc/auth.me`, { headers });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { data: { json: { id: string; nickname: string } | null } } };
  return body.result.data.json;
}

describe('a signed-in request', () => {
  // auth.me reads the member once more itself: a context can outlive a request (a WebSocket
  // connection's, a test's caller), and me must answer what the member is now
  test('reads its session and its member in one statement; auth.me adds only its own read', async ({ db }) => {
    const session = await createSession(db.db, systemClock, user.id);
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    let answer: Awaited<ReturnType<typeof me>> = null;
    const statements = await statementsDuring(async () => {
      answer = await me({ cookie });
    });
    expect(answer).toMatchObject({ id: user.id, nickname: 'pathfinder' });
    expect(statements).toHaveLength(2);
  });

  test('with a personal API token: the token is used and its member read in one statement', async () => {
    const { token } = await createApiToken(
      running.services,
      { id: user.id, emailVerified: true, isAdmin: false },
      { name: 'one statement', scopes: ['read'], expiresInDays: null },
    );
    let answer: Awaited<ReturnType<typeof me>> = null;
    const statements = await statementsDuring(async () => {
      answer = await me({ authorization: `Bearer ${token}` });
    });
    expect(answer).toMatchObject({ id: user.id, nickname: 'pathfinder' });
    expect(statements).toHaveLength(2);
    const row = await running.services.db.selectFrom('api_tokens').select('last_used_at').where('name', '=', 'one statement').executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });
});

describe('a query (GET)', () => {
  test('is answered from its URL: a body sent with it is not read, so not refused either', async () => {
    const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
    const url = new URL(`${running.url}/trpc/system.exchangeRates`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const call = request(url, { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(deep) } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      call.on('error', reject);
      call.end(deep);
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"base":"USD"');
  });

  test('still has its input checked for depth, and a POST still goes through every guard', async () => {
    const deepInput = encodeURIComponent(`{"json":${'['.repeat(200)}${']'.repeat(200)}}`);
    const deepQuery = await fetch(`${running.url}/trpc/system.exchangeRates?input=${deepInput}`);
    expect(deepQuery.status).toBe(400);

    const crossSite = await fetch(`${running.url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ json: { email: 'a@example.test', password: 'x' } }),
    });
    expect(crossSite.status).toBe(403);
    const form = await fetch(`${running.url}/trpc/auth.signIn`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=a' });
    expect(form.status).toBe(415);
    const deepBody = await fetch(`${running.url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"json":${'['.repeat(200)}${']'.repeat(200)}}`,
    });
    expect(deepBody.status).toBe(400);
  });
});
