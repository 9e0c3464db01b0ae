import { timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { Express, Request } from 'express';
import { sql } from 'kysely';
import type { AppServices } from '../app-services.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { storageFor } from '../storage/storage-for.ts';
import { clientAddress } from '../http/trust-proxy.ts';
import { isLoopback } from '../http/loopback.ts';
import { bearerTokenOf } from '../http/bearer-token.ts';
import { metricsRegistry } from './metrics.ts';
import { clusterMetrics } from './cluster-metrics.ts';
import { componentLogger } from './logger.ts';

const log = componentLogger('readyz');

/** A database that takes longer than this to answer `SELECT 1` is not ready for traffic. */
const READY_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  checks: {
    database: { ok: boolean; ms: number; error?: string };
    migrations: { ok: boolean; pending: string[] };
    storage: { ok: boolean; error?: string };
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

async function checkDatabase(services: AppServices): Promise<Pick<ReadinessReport['checks'], 'database' | 'migrations'>> {
  const startedAt = performance.now();
  try {
    await withTimeout(sql`SELECT 1`.execute(services.db), READY_TIMEOUT_MS);
    const database = { ok: true, ms: Math.round(performance.now() - startedAt) };
    const pending = await withTimeout(pendingMigrations(services.db), READY_TIMEOUT_MS);
    return { database, migrations: { ok: pending.length === 0, pending } };
  } catch (error) {
    return { database: { ok: false, ms: Math.round(performance.now() - startedAt), error: messageOf(error) }, migrations: { ok: false, pending: [] } };
  }
}

async function checkStorage(services: AppServices): Promise<ReadinessReport['checks']['storage']> {
  try {
    await withTimeout(storageFor(services).checkReady(), READY_TIMEOUT_MS);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/**
 * Whether this process can serve: the database answers and has every migration this code needs,
 * and the upload store takes files (a wrong bucket is loud here, not a gallery of missing images).
 */
export async function checkReadiness(services: AppServices): Promise<ReadinessReport> {
  const [database, storage] = await Promise.all([checkDatabase(services), checkStorage(services)]);
  const checks = { ...database, storage };
  return { ready: checks.database.ok && checks.migrations.ok && checks.storage.ok, checks };
}

/** METRICS_TOKEN as a bearer token when set; otherwise only this machine may read the metrics. */
function mayReadMetrics(req: Request, services: AppServices): boolean {
  const token = services.config.metricsToken;
  if (!token) return isLoopback(clientAddress(req, services.config.trustProxy));
  const offered = bearerTokenOf(req.headers.authorization) ?? '';
  const expected = Buffer.from(token);
  const given = Buffer.from(offered);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /healthz (liveness: the process answers), GET /readyz (readiness: 200 or 503 with the
 * checks as JSON, for load balancers and the container's HEALTHCHECK) and GET /metrics
 * (Prometheus text), engineering rule E-17.
 */
export function mountOperationsRoutes(app: Express, services: AppServices): void {
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  app.get('/readyz', async (_req, res) => {
    const report = await checkReadiness(services);
    if (!report.ready) log.warn({ checks: report.checks }, 'not ready');
    res
      .status(report.ready ? 200 : 503)
      .setHeader('Cache-Control', 'no-store')
      .json(report);
  });

  app.get('/metrics', async (req, res) => {
    if (!mayReadMetrics(req, services)) {
      res.status(services.config.metricsToken ? 401 : 404).end();
      return;
    }
    try {
      const text = cluster.isWorker ? await clusterMetrics() : await metricsRegistry.metrics();
      res.setHeader('Content-Type', metricsRegistry.contentType).setHeader('Cache-Control', 'no-store').send(text);
    } catch (error) {
      log.error({ err: error }, 'metrics collection failed');
      res.status(500).end();
    }
  });
}
