import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { createTestServices, type TestServices } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { settleEvents, statementsSoFar } from '../../helpers/database-probes.ts';
import { createEventBus } from '../../../server/src/realtime/create-event-bus.ts';
import type { EventBus } from '../../../server/src/realtime/events.ts';
import { SESSION_CACHE_MS } from '../../../server/src/config.ts';
import { createSession, SESSION_COOKIE } from '../../../server/src/domain/accounts/sessions.ts';
import { sessionCache } from '../../../server/src/domain/accounts/session-cache.ts';
import { banUser } from '../../../server/src/domain/accounts/ban-user.ts';
import { resolveAuth } from '../../../server/src/trpc/context.ts';
import { noopCookieWriter } from '../../../server/src/http/cookies.ts';
import type { Database } from '../../../server/src/db/schema.ts';
import type { Kysely } from 'kysely';

/**
 * The session cache (ADR 0041): a cookie session and its member are read once per process and
 * then answered from memory, until a change to the session or to what it signs in as reaches
 * the process through the bus (database triggers, so every writer counts), or the entry's time
 * is up. A read that began before a change is used but not kept.
 */

/** Services of the file's database with the cache on and the bus that hears its triggers. */
async function cachedServices(db: TestDatabase): Promise<TestServices & { events: EventBus }> {
  const base = createTestServices(db);
  await base.events.close();
  return { ...base, config: { ...base.config, sessionCacheMs: SESSION_CACHE_MS }, events: await createEventBus(db) } as TestServices & {
    events: EventBus;
  };
}

describe('the session cache', () => {
  let services: TestServices & { events: EventBus };

  test.beforeAll(async ({ db }) => {
    services = await cachedServices(db);
  });
  test.afterAll(() => services?.events.close());

  const auth = (token: string) => resolveAuth(services, { cookie: `${SESSION_COOKIE}=${token}` }, noopCookieWriter);

  async function signedIn(options: Parameters<typeof insertTestUser>[1] = {}) {
    const user = await insertTestUser(services.db, options);
    const { token } = await createSession(services.db, services.clock, user.id);
    await settleEvents(services);
    return { ...user, token };
  }

  test('a second request with the same cookie reads nothing from the database', async () => {
    const member = await signedIn();
    const first = await auth(member.token);
    expect(first?.user.id).toBe(member.id);

    const before = await statementsSoFar();
    const second = await auth(member.token);
    expect((await statementsSoFar()) - before).toBe(0);
    expect(second).toEqual(first);
  });

  const changes: Array<{
    name: string;
    options?: Parameters<typeof insertTestUser>[1];
    change: (db: Kysely<Database>, memberId: string) => Promise<unknown>;
    then: (auth: Awaited<ReturnType<typeof resolveAuth>>) => void;
  }> = [
    {
      name: 'the session deleted (signed out in another process)',
      change: (db, memberId) => db.deleteFrom('sessions').where('user_id', '=', memberId).execute(),
      then: (auth) => expect(auth).toBeNull(),
    },
    {
      name: 'a ban',
      change: (db, memberId) => banUser(db, services.events, { userId: memberId, bannedBy: null, reason: 'spam' }),
      then: (auth) => expect(auth).toBeNull(),
    },
    {
      name: 'a ban written by hand, sessions left in place',
      change: (db, memberId) => db.insertInto('user_bans').values({ user_id: memberId, banned_by: null, reason: 'by hand', status: 'active' }).execute(),
      then: (auth) => expect(auth).toBeNull(),
    },
    {
      name: 'the admin role taken away',
      options: { admin: true },
      change: (db, memberId) => db.deleteFrom('user_roles').where('user_id', '=', memberId).execute(),
      then: (auth) => expect(auth?.user.isAdmin).toBe(false),
    },
    {
      name: 'the admin role given',
      change: (db, memberId) => db.insertInto('user_roles').values({ user_id: memberId, role: 'admin' }).execute(),
      then: (auth) => expect(auth?.user.isAdmin).toBe(true),
    },
    {
      name: 'a new nickname and language',
      change: (db, memberId) => db.updateTable('profiles').set({ nickname: 'renamed', preferred_language: 'ja' }).where('user_id', '=', memberId).execute(),
      then: (auth) => expect(auth?.user).toMatchObject({ nickname: 'renamed', preferredLanguage: 'ja' }),
    },
    {
      name: 'the e-mail address verified',
      options: { verified: false },
      change: (db, memberId) => db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', memberId).execute(),
      then: (auth) => expect(auth?.user.emailVerified).toBe(true),
    },
  ];

  test.each(changes)('$name drops the cached session', async ({ options, change, then }) => {
    const member = await signedIn(options);
    const before = await auth(member.token);
    expect(before?.user.id).toBe(member.id);
    expect(sessionCache(services).get((before as { sessionId: string }).sessionId)).toBeDefined();

    await change(services.db, member.id);
    await settleEvents(services);
    then(await auth(member.token));
  });

  test('a change elsewhere leaves other members cached', async () => {
    const kept = await signedIn();
    const changed = await signedIn();
    const keptAuth = await auth(kept.token);
    await auth(changed.token);
    await services.db.updateTable('profiles').set({ nickname: 'other' }).where('user_id', '=', changed.id).execute();
    await settleEvents(services);
    expect(sessionCache(services).get(keptAuth!.sessionId!)).toBeDefined();
  });

  test("a profile's counters and last visit send nothing", async () => {
    const member = await signedIn();
    const cached = await auth(member.token);
    await services.db
      .updateTable('profiles')
      .set({ sold_count: sql`sold_count + 1`, last_active_at: new Date() })
      .where('user_id', '=', member.id)
      .execute();
    await settleEvents(services);
    expect(sessionCache(services).get(cached!.sessionId!)).toBeDefined();
  });

  test('a read that began before a drop is answered but not kept', async () => {
    const member = await signedIn();
    const cache = sessionCache(services);
    const session = await auth(member.token);
    cache.dropMember(member.id);
    const readStartedAt = cache.startRead();
    cache.dropMember(randomUUID());
    cache.store(session!.sessionId!, { expiresAt: new Date(Date.now() + 60_000), user: session!.user }, readStartedAt);
    expect(cache.get(session!.sessionId!)).toBeUndefined();
  });

  test('an entry is read again once its time is up', async () => {
    const member = await signedIn();
    await auth(member.token);
    services.clock.advance(SESSION_CACHE_MS);
    const before = await statementsSoFar();
    expect((await auth(member.token))?.user.id).toBe(member.id);
    expect((await statementsSoFar()) - before).toBe(1);
  });
});

test('the cache is off on a bus that does not hear the database, whatever the setting', async ({ db }) => {
  const base = createTestServices(db);
  const services = { ...base, config: { ...base.config, sessionCacheMs: SESSION_CACHE_MS } };
  try {
    expect(sessionCache(services).enabled).toBe(false);
  } finally {
    await base.events.close();
  }
});
