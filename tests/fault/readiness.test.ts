import { sql } from 'kysely';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { onRealPostgres } from '../helpers/test-db.ts';
import type { ReadinessReport } from '../../server/src/observability/operations-routes.ts';
import { privateClusterUnavailable, startServerOnPrivateCluster, type ServerOnPrivateCluster } from './private-cluster.ts';

/**
 * /readyz tells a load balancer whether to send traffic here: 503 while PostgreSQL is down, 200
 * again once it is back, while /healthz (liveness) stays 200 throughout, so an orchestrator does
 * not restart a process whose only trouble is the database. On a private cluster it can stop.
 */
const unavailable = privateClusterUnavailable();
let world: ServerOnPrivateCluster | null = null;

test.beforeAll(async () => {
  if (!onRealPostgres() || unavailable) return;
  world = await startServerOnPrivateCluster();
}, 120_000);
test.afterAll(async () => {
  await world?.stop();
});

async function probe(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${world!.running.url}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.json() };
}

describe.skipIf(!onRealPostgres() || unavailable !== null)(`readiness (real PostgreSQL${unavailable ? `; ${unavailable}` : ''})`, () => {
  test('/readyz is 200 with its checks, 503 while PostgreSQL is stopped, and 200 again after; /healthz stays 200', { timeout: 120_000 }, async () => {
    const up = await probe('/readyz');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ ready: true, checks: { database: { ok: true }, migrations: { ok: true, pending: [] } } });

    world!.cluster.pause();
    try {
      const down = await probe('/readyz');
      expect(down.status).toBe(503);
      const report = down.body as ReadinessReport;
      expect(report.ready).toBe(false);
      expect(report.checks.database.ok).toBe(false);
      expect(report.checks.database.error).toBeTruthy();
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      world!.cluster.resume();
    }

    // the pool replaces its dead connections on the next checkout
    let again = await probe('/readyz');
    for (let i = 0; again.status !== 200 && i < 20; i++) again = await probe('/readyz');
    expect(again.status).toBe(200);
  });

  test('a database behind this code (a migration not run) is not ready', async () => {
    const db = world!.running.services.db;
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    const name = rows[0]!.name;
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(db);
    try {
      const behind = await probe('/readyz');
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({ ready: false, checks: { database: { ok: true }, migrations: { ok: false, pending: [name] } } });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${new Date().toISOString()})`.execute(db);
    }
    expect((await probe('/readyz')).status).toBe(200);
  });
});
