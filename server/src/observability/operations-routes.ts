import { timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { Express, Request } from 'express';
import { sql } from 'kysely';
import type { AppServices } from '../app-services.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { clientAddress } from '../http/trust-proxy.ts';
import { isLoopback } from '../http/loopback.ts';
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
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether this process can serve: the database answers and has every migration this code needs. */
export async function checkReadiness(services: AppServices): Promise<ReadinessReport> {
  const startedAt = performance.now();
  try {
    await withTimeout(sql`SELECT 1`.execute(services.db), READY_TIMEOUT_MS);
    const database = { ok: true, ms: Math.round(performance.now() - startedAt) };
    const pending = await withTimeout(pendingMigrations(services.db), READY_TIMEOUT_MS);
    return { ready: pending.length === 0, checks: { database, migrations: { ok: pending.length === 0, pending } } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ready: false,
      checks: { database: { ok: false, ms: Math.round(performance.now() - startedAt), error: message }, migrations: { ok: false, pending: [] } },
    };
  }
}

/** METRICS_TOKEN as a bearer token when set; otherwise only this machine may read the metrics. */
function mayReadMetrics(req: Request, services: AppServices): boolean {
  const token = services.config.metricsToken;
  if (!token) return isLoopback(clientAddress(req, services.config.trustProxy));
  const offered = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
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
