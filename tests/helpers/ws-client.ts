import WebSocket from 'ws';
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import type { Kysely } from 'kysely';
import type { AppRouter } from '../../server/src/trpc/app-router.ts';
import type { Database } from '../../server/src/db/schema.ts';
import type { Clock } from '../../server/src/clock.ts';
import { SESSION_COOKIE, createSession } from '../../server/src/domain/accounts/sessions.ts';
import { hashToken } from '../../server/src/domain/accounts/tokens.ts';
import { WS_PATH } from '../../server/src/realtime/ws-server.ts';

export interface TestSession {
  /** The `Cookie` header value a browser would send. */
  cookie: string;
  /** The sessions row id (the token's hash), as carried by `session-revoked` events. */
  sessionId: string;
}

/** Signs a user in by writing a session row, as the sign-in procedure would. */
export async function createTestSession(db: Kysely<Database>, clock: Clock, userId: string): Promise<TestSession> {
  const { token } = await createSession(db, clock, userId);
  return { cookie: `${SESSION_COOKIE}=${token}`, sessionId: hashToken(token) };
}

/**
 * ws's WebSocket with the headers a browser would send on the upgrade (Cookie, Origin), which
 * the browser WebSocket API the tRPC client expects has no way to set.
 */
function webSocketWithHeaders(headers: Record<string, string>): typeof globalThis.WebSocket {
  class HeaderWebSocket extends WebSocket {
    // the tRPC client only ever passes the URL
    constructor(address: string | URL) {
      super(address, { headers });
    }
  }
  return HeaderWebSocket as unknown as typeof globalThis.WebSocket;
}

export interface TestWsClient {
  trpc: TRPCClient<AppRouter>;
  /** Close codes of every socket this client saw closed, in order (4001 = session revoked). */
  closeCodes: number[];
  /** Resolves with the next close code not yet returned by an earlier call. */
  nextClose(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * A tRPC client over the server's WebSocket, as a browser tab would open it: same-origin by
 * default, with the session cookie when given. It does not reconnect on its own, so a test
 * sees exactly the sockets it caused.
 */
export function openWsClient(serverUrl: string, options: { cookie?: string; origin?: string } = {}): TestWsClient {
  const headers: Record<string, string> = { origin: options.origin ?? new URL(serverUrl).origin };
  if (options.cookie) headers.cookie = options.cookie;

  const closeCodes: number[] = [];
  let consumed = 0;
  const waiters: Array<(code: number) => void> = [];
  const url = new URL(WS_PATH, serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';

  const wsClient = createWSClient({
    url: url.toString(),
    WebSocket: webSocketWithHeaders(headers),
    // a test asserts on the one socket it opened; a silent reconnect would hide a close
    retryDelayMs: () => 60_000,
    onClose: (cause) => {
      const code = cause?.code ?? 0;
      closeCodes.push(code);
      const waiter = waiters.shift();
      if (waiter) {
        consumed += 1;
        waiter(code);
      }
    },
  });

  return {
    trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] }),
    closeCodes,
    nextClose(timeoutMs = 5_000) {
      if (consumed < closeCodes.length) return Promise.resolve(closeCodes[consumed++]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`socket not closed within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
    },
    close: () => wsClient.close(),
  };
}

/**
 * Collects a subscription's values so a test can await "the next one", with a timeout instead
 * of a hang when it never comes.
 */
export class SubscriptionRecorder<T> {
  readonly values: T[] = [];
  readonly errors: unknown[] = [];
  private readonly waiters: Array<{ count: number; resolve: () => void }> = [];

  push(value: T): void {
    this.values.push(value);
    this.settle();
  }

  fail(error: unknown): void {
    this.errors.push(error);
    this.settle();
  }

  /** Resolves when `count` values (or an error) have arrived. */
  async waitForValues(count: number, timeoutMs = 5_000): Promise<T[]> {
    if (this.values.length < count && this.errors.length === 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} values within ${timeoutMs} ms, got ${JSON.stringify(this.values)}`)), timeoutMs);
        this.waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    }
    if (this.errors.length > 0 && this.values.length < count) throw this.errors[0];
    return this.values.slice(0, count);
  }

  /** Resolves with the first error the subscription reported. */
  async waitForError(timeoutMs = 5_000): Promise<unknown> {
    await this.waitForValues(Number.MAX_SAFE_INTEGER, timeoutMs).catch(() => {});
    if (this.errors.length === 0) throw new Error(`no error within ${timeoutMs} ms`);
    return this.errors[0];
  }

  private settle(): void {
    for (const waiter of [...this.waiters]) {
      if (this.values.length >= waiter.count || this.errors.length > 0) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }
}
