import { describe, expect, test } from '../helpers/fixtures.ts';
import { onRealPostgres } from '../helpers/test-db.ts';
import { insertTestUser } from '../helpers/users.ts';
import { SubscriptionRecorder, createTestSession, openWsClient, type TestWsClient } from '../helpers/ws-client.ts';
import { systemClock } from '../../server/src/clock.ts';
import { privateClusterUnavailable, startServerOnPrivateCluster, type ServerOnPrivateCluster } from './private-cluster.ts';

/**
 * Fault test: the database restarts while the server is under load. Requests during
 * the outage fail with a typed error (never a crash), and afterwards the same server process
 * serves again: its pool reconnects, and its LISTEN connection comes back so live events flow.
 * Runs on a private cluster (see private-cluster.ts) so the shared test database is not touched.
 */
const unavailable = privateClusterUnavailable();
let world: ServerOnPrivateCluster | null = null;
let ws: TestWsClient | null = null;

// no test database: the cluster, the server on it and the socket are this file's own
test.beforeAll(async () => {
  if (!onRealPostgres() || unavailable) return;
  world = await startServerOnPrivateCluster();
}, 120_000);
test.afterAll(async () => {
  await ws?.close();
  await world?.stop();
});

type Result = { at: number; end: number; ok: boolean; status: number; code: string | null };

async function readPublicSettings(baseUrl: string): Promise<Result> {
  const at = Date.now();
  try {
    const response = await fetch(`${baseUrl}/trpc/system.publicSettings`, { signal: AbortSignal.timeout(15_000) });
    const body = (await response.json()) as { error?: { json?: { data?: { appError?: { code?: string } } } } };
    return { at, end: Date.now(), ok: response.ok, status: response.status, code: body.error?.json?.data?.appError?.code ?? null };
  } catch {
    return { at, end: Date.now(), ok: false, status: 0, code: 'NO_RESPONSE' };
  }
}

describe.skipIf(!onRealPostgres() || unavailable !== null)(
  `the database restarting under load (real PostgreSQL${unavailable ? `; ${unavailable}` : ''})`,
  () => {
    test(
      'requests fail cleanly during the outage and succeed again afterwards, live events included, without restarting the server',
      { timeout: 120_000 },
      async () => {
        const server = world!.running;
        const member = await insertTestUser(server.services.db);
        const { cookie } = await createTestSession(server.services.db, systemClock, member.id);
        ws = openWsClient(server.url, { cookie });
        const counts = new SubscriptionRecorder<number>();
        ws.trpc.notifications.onUnreadCount.subscribe(undefined, {
          onData: (event) => counts.push(event.data.count),
          onError: (error) => counts.fail(error),
        });
        expect(await counts.waitForValues(1)).toEqual([0]);

        // four clients keep reading while the database goes away and comes back
        const results: Result[] = [];
        let stop = false;
        const load = Array.from({ length: 4 }, async () => {
          while (!stop) results.push(await readPublicSettings(server.url));
        });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const restartAt = Date.now();
        world!.cluster.restart();
        const backAt = Date.now();
        // the pool's first use of each stale connection fails; give it a moment to replace them
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const settledAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        stop = true;
        await Promise.all(load);

        expect(results.filter((r) => r.end < restartAt).every((r) => r.ok)).toBe(true);
        const failures = results.filter((r) => !r.ok);
        // whatever failed, failed as a typed error: an app code, never a dropped connection or a crash
        for (const failure of failures) expect(failure.code, JSON.stringify(failure)).toBe('OPERATION_FAILED');
        const afterwards = results.filter((r) => r.at >= settledAt);
        expect(afterwards.length).toBeGreaterThan(10);
        expect(afterwards.every((r) => r.ok)).toBe(true);

        // the LISTEN connection is back: a notification raised now rings the bell
        await server.services.db.insertInto('notifications').values({ user_id: member.id, type: 'warning', link: null }).execute();
        await server.services.events.publish({ type: 'notifications-changed', userId: member.id });
        const seen = await counts.waitForValues(counts.values.length + 1, 15_000);
        expect(seen.at(-1)).toBe(1);
        console.info(`[restart] ${results.length} requests, ${failures.length} failed during a ${backAt - restartAt} ms restart`);
      },
    );
  },
);
