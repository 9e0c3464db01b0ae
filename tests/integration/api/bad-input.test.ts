import { appRouter } from '../../../server/src/trpc/app-router.ts';
import { startServer, type RunningServer } from '../../../server/src/server.ts';
import { loadConfig } from '../../../server/src/config.ts';
import { createSession } from '../../../server/src/domain/accounts/sessions.ts';
import { systemClock } from '../../../server/src/clock.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';

/**
 * Acceptance: wrong input to any procedure gets a typed error, never a 500, and no stack trace
 * or SQL reaches the browser. Walks every procedure of the app router, so a new procedure is
 * covered the day it is added.
 */
const GARBAGE: unknown[] = [
  12345,
  'x'.repeat(5000),
  { email: { $ne: 1 }, password: ['a'], id: "1' OR '1'='1", amount: Number.MAX_SAFE_INTEGER * 4, name: null },
  [null, { deep: { deeper: [1, 2, 3] } }],
  { id: 'not-a-uuid', limit: 1e9, cursor: '\u0000' },
];

const LEAKS = [/\bat [\w.<>]+ \(/, /node_modules/, /\bSELECT\b/i, /\bINSERT INTO\b/i, /syntax error/i, /\.ts:\d+/];

let running: RunningServer;
let cookie: string;

test.beforeAll(async ({ db, server }) => {
  running = server;
  const user = await db.db
    .insertInto('users')
    .values({ email: 'fuzz@example.com', password_hash: 'not-a-real-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.db.insertInto('profiles').values({ user_id: user.id, nickname: 'fuzz' }).execute();
  const session = await createSession(db.db, systemClock, user.id);
  cookie = `curio_session=${session.token}`;
});

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, procedure]) => procedure._def.type !== 'subscription')
  .map(([path, procedure]) => ({ path, type: procedure._def.type }));

describe.each([
  { who: 'visitor', auth: false },
  { who: 'member', auth: true },
])('every procedure as $who', ({ auth }) => {
  test.each(procedures)('$path rejects garbage with a typed error', async ({ path, type }) => {
    for (const input of GARBAGE) {
      const encoded = JSON.stringify({ json: input });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (auth) headers.cookie = cookie;
      const response =
        type === 'query'
          ? await fetch(`${running.url}/trpc/${path}?input=${encodeURIComponent(encoded)}`, { headers })
          : await fetch(`${running.url}/trpc/${path}`, { method: 'POST', headers, body: encoded });
      const body = await response.text();
      expect(response.status, `${path} answered ${response.status}: ${body.slice(0, 300)}`).toBeLessThan(500);
      for (const leak of LEAKS) expect(body, `${path} leaked ${leak}`).not.toMatch(leak);
      if (!response.ok) {
        const parsed = JSON.parse(body) as { error?: { json?: { data?: { appError?: { code?: string } } } } };
        expect(parsed.error?.json?.data?.appError?.code, `${path} error without an app code`).toBeTypeOf('string');
      }
    }
  });
});

test('an unexpected server failure answers OPERATION_FAILED without internals', async () => {
  // a procedure that reads the database, with the database gone: the driver error must not leak.
  // A second database and server of its own, so breaking it leaves the file's world intact.
  const brokenDb = await createTestDatabase();
  const broken = await startServer({ ...loadConfig({}), port: 0, host: '127.0.0.1' }, { dbHandle: brokenDb, jobs: false });
  try {
    await brokenDb.db.schema.dropTable('sessions').cascade().execute();
    const response = await fetch(`${broken.url}/trpc/auth.me`, { headers: { cookie: 'curio_session=abc' } });
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(body).toContain('OPERATION_FAILED');
    for (const leak of LEAKS) expect(body).not.toMatch(leak);
    expect(body).not.toMatch(/sessions/);
  } finally {
    await broken.close();
    await brokenDb.close();
  }
});
