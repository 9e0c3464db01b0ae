import { randomUUID } from 'node:crypto';
import { systemClock } from '../../../server/src/clock.ts';
import { createSession, SESSION_COOKIE } from '../../../server/src/domain/accounts/sessions.ts';
import { rateLimitSpend } from '../../../server/src/rate-limits/rate-limiter.ts';
import { statementsSoFar } from '../../helpers/database-probes.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';

/**
 * A chat send over HTTP (ADR 0041): the session is read once per process and then held, and the
 * sender's budget is spent by the send's own statement, so a member's second message costs the
 * database one statement, where it cost three (session, budget, send).
 */
describe('chat.send over HTTP', () => {
  test('the first message reads the session and sends; the next is the send alone', async ({ db, server }) => {
    const sender = await insertTestUser(db.db);
    const peer = await insertTestUser(db.db);
    const cookie = `${SESSION_COOKIE}=${(await createSession(db.db, systemClock, sender.id)).token}`;
    const send = async (content: string) => {
      const before = await statementsSoFar();
      const response = await fetch(`${server.url}/trpc/chat.send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ json: { peerId: peer.id, content, clientId: randomUUID() } }),
      });
      expect(response.status).toBe(200);
      return (await statementsSoFar()) - before;
    };

    expect(await send('first')).toBe(2);
    expect(await send('second')).toBe(1);
    const stored = await db.db.selectFrom('messages').select('content').where('sender_id', '=', sender.id).orderBy('seq').execute();
    expect(stored.map((row) => row.content)).toEqual(['first', 'second']);
    const budget = rateLimitSpend('chatMessagesPerMember', sender.id);
    expect(await db.db.selectFrom('rate_limit_counters').select('points').where('key', '=', budget.key).executeTakeFirst()).toEqual({ points: 2 });
  });

  test('a refused message still spends a point of the budget, as every attempt does', async ({ db, server }) => {
    const sender = await insertTestUser(db.db);
    const peer = await insertTestUser(db.db);
    await db.db.insertInto('user_blocks').values({ blocker_id: peer.id, blocked_id: sender.id }).execute();
    const cookie = `${SESSION_COOKIE}=${(await createSession(db.db, systemClock, sender.id)).token}`;
    const response = await fetch(`${server.url}/trpc/chat.send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ json: { peerId: peer.id, content: 'hello?', clientId: randomUUID() } }),
    });
    const body = (await response.json()) as { error?: { json?: { data?: { appError?: { code?: string } } } } };
    expect(body.error?.json?.data?.appError?.code).toBe('CHAT_BLOCKED_BY_PEER');
    expect(await db.db.selectFrom('messages').select('id').where('sender_id', '=', sender.id).execute()).toEqual([]);
    const budget = rateLimitSpend('chatMessagesPerMember', sender.id);
    expect(await db.db.selectFrom('rate_limit_counters').select('points').where('key', '=', budget.key).executeTakeFirst()).toEqual({ points: 1 });
  });
});
