import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { ManualClock } from '../../server/src/clock.ts';
import type { AppServices } from '../../server/src/app-services.ts';
import { LocalEventBus } from '../../server/src/realtime/local-event-bus.ts';
import { LogMailer } from '../../server/src/mail/log-mailer.ts';
import { createCallerFactory } from '../../server/src/trpc/init.ts';
import { appRouter } from '../../server/src/trpc/app-router.ts';
import { createInnerContext, type AuthState } from '../../server/src/trpc/context.ts';
import { loadAuthUser, type AuthUser } from '../../server/src/domain/accounts/sessions.ts';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@curio/shared';
import type { TestDatabase } from './test-db.ts';

export interface TestServices extends AppServices {
  clock: ManualClock;
  events: LocalEventBus;
}

/** Real services over a test database, with a clock the test moves and mail kept in the outbox. */
export function createTestServices(dbHandle: TestDatabase): TestServices {
  // a data dir of its own, so uploads written by one test file never meet another's
  const dataDir = mkdtempSync(path.join(tmpdir(), 'curio-test-data-'));
  // no feed cache: this bus hears no database triggers, and the test clock only moves when told,
  // so a cached page would outlive the rows a test changes (tests/integration/feed/feed-cache.test.ts turns it on);
  // no session cache for the same reason (tests/integration/accounts/session-cache.test.ts turns it on)
  const config = { ...loadConfig({}), dataDir, ratesUrl: 'http://127.0.0.1:9/unreachable', feedCacheMs: 0, sessionCacheMs: 0 };
  return {
    config,
    dbHandle,
    db: dbHandle.db,
    clock: new ManualClock(new Date('2026-11-21T08:00:00Z')),
    events: new LocalEventBus(),
    mailer: new LogMailer(dbHandle.db, () => {}),
  };
}

const createCaller = createCallerFactory(appRouter);

/** What callerFor gives: procedures called as one person. */
export type Caller = Awaited<ReturnType<typeof callerFor>>;

/** How a signed-in browser is authenticated: by its session, so every scope its member has (ADR 0044). */
export function browserAuth(user: AuthUser, sessionId: string | null = null): AuthState {
  return { user, sessionId, via: 'cookie', scopes: API_TOKEN_SCOPES };
}

/**
 * A procedure caller as a visitor (no userId) or as the given user, as if signed in by cookie;
 * with `tokenScopes`, as a script holding a personal API token with those scopes.
 */
export async function callerFor(
  services: AppServices,
  userId?: string,
  extra: { ip?: string; sessionId?: string; tokenScopes?: readonly ApiTokenScope[] } = {},
) {
  let auth: AuthState | null = null;
  if (userId) {
    const user = await loadAuthUser(services.db, userId);
    if (!user) throw new Error(`no such active user ${userId}`);
    auth = extra.tokenScopes ? { user, sessionId: null, via: 'token', scopes: extra.tokenScopes } : browserAuth(user, extra.sessionId ?? null);
  }
  return createCaller(createInnerContext({ services, auth, ip: extra.ip ?? '127.0.0.1' }));
}
