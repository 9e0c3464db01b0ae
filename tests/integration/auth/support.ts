import type { TSignUpInput } from '@curio/shared';
import { createCallerFactory } from '../../../server/src/trpc/init.ts';
import { appRouter } from '../../../server/src/trpc/app-router.ts';
import { createInnerContext, resolveAuth } from '../../../server/src/trpc/context.ts';
import type { CookieWriter } from '../../../server/src/http/cookies.ts';
import { SESSION_COOKIE } from '../../../server/src/domain/accounts/sessions.ts';
import type { AppServices } from '../../../server/src/app-services.ts';
import type { RealtimeEvent } from '../../../server/src/realtime/events.ts';
import { LocalEventBus } from '../../../server/src/realtime/local-event-bus.ts';
import { createTestServices, type TestServices } from '../../helpers/services.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { verificationTokenFor } from '../../helpers/users.ts';

const createCaller = createCallerFactory(appRouter);

let browsersMade = 0;
/** Each browser comes from an address of its own, as different people do, unless a test names one. */
function nextBrowserIp(): string {
  browsersMade++;
  return `10.${(browsersMade >> 16) & 255}.${(browsersMade >> 8) & 255}.${browsersMade & 255}`;
}

/**
 * A browser for procedure calls: it keeps the session cookie the server sets, and every call
 * authenticates through the real cookie path (resolveAuth -> validateSessionToken), so a session
 * the server ended stops working here exactly as it would in a tab.
 */
export class TestBrowser {
  sessionToken: string | null = null;
  sessionExpiresAt: Date | null = null;
  cookieClears = 0;
  readonly ip: string;
  private readonly services: AppServices;

  constructor(services: AppServices, ip = nextBrowserIp()) {
    this.services = services;
    this.ip = ip;
  }

  private readonly cookies: CookieWriter = {
    setSession: (token, expiresAt) => {
      this.sessionToken = token;
      this.sessionExpiresAt = expiresAt;
    },
    clearSession: () => {
      this.sessionToken = null;
      this.sessionExpiresAt = null;
      this.cookieClears++;
    },
  };

  /** Signs up and opens the mailed verification link, as a new member does: signed in and verified. */
  async signUpAndVerify(input: TSignUpInput) {
    await (await this.caller()).auth.signUp(input);
    const token = await verificationTokenFor(this.services.db, input.email);
    return (await this.caller()).auth.verifyEmail({ token });
  }

  async caller() {
    const cookie = this.sessionToken ? `${SESSION_COOKIE}=${this.sessionToken}` : undefined;
    const auth = await resolveAuth(this.services, { cookie }, this.cookies);
    return createCaller(createInnerContext({ services: this.services, auth, ip: this.ip, cookies: this.cookies }));
  }
}

/** A caller authenticated by a personal API token, through the same header parsing HTTP uses. */
export async function tokenCaller(services: AppServices, token: string) {
  const auth = await resolveAuth(services, { authorization: `Bearer ${token}` }, noCookies);
  return createCaller(createInnerContext({ services, auth }));
}

const noCookies: CookieWriter = { setSession() {}, clearSession() {} };

/** The in-process bus, remembering everything published so tests can assert on it. */
export class RecordingEventBus extends LocalEventBus {
  readonly published: RealtimeEvent[] = [];

  override async publish(event: RealtimeEvent): Promise<void> {
    this.published.push(event);
    await super.publish(event);
  }
}

export interface AuthTestServices extends TestServices {
  events: RecordingEventBus;
}

/** Test services (ManualClock, outbox mailer) whose event bus records what was published. */
export function createAuthTestServices(db: TestDatabase): AuthTestServices {
  return { ...createTestServices(db), events: new RecordingEventBus() };
}

/**
 * The auth tests' world: the file's `db` and `services` fixtures (tests/helpers/fixtures.ts), with an
 * event bus that records what was published. Call it once per file, in `test.beforeAll`:
 *   test.beforeAll(({ db: fileDb, services: fileServices }) => {
 *     ({ db, services } = openAuthWorld({ db: fileDb, services: fileServices }));
 *   });
 * Callers made from the fixture `services` (the `member` fixture's `api`) publish on the fixture's own
 * bus, not this one: a test that asserts on `published` makes its callers from these services.
 */
export function openAuthWorld(world: { db: TestDatabase; services: TestServices }): { db: TestDatabase; services: AuthTestServices } {
  return { db: world.db, services: { ...world.services, events: new RecordingEventBus() } };
}

let counter = 0;
/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'member'): string {
  counter++;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
