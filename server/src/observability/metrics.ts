import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';
import type { RequestHandler } from 'express';

/**
 * What an operator watches (engineering rule E-17; which ones to alert on is in
 * docs/operations.md). One registry per process; under WEB_CONCURRENCY the primary adds the
 * workers' registries up (workers.ts), so a scrape through any worker sees the whole machine.
 * Labels are bounded sets (procedure names, outcomes), never ids.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** From a few milliseconds to tens of seconds: the spread of requests, procedures and jobs. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new Histogram({
  name: 'curio_http_request_duration_seconds',
  help: 'HTTP requests by route family, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const procedureDuration = new Histogram({
  name: 'curio_trpc_procedure_duration_seconds',
  help: 'tRPC procedure calls (HTTP and WebSocket) by procedure, type and outcome: ok, refused (a rule said no) or error',
  labelNames: ['procedure', 'type', 'outcome'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const webSocketConnections = new Gauge({
  name: 'curio_websocket_connections',
  help: 'Open WebSocket connections',
  registers: [metricsRegistry],
  aggregator: 'sum',
});

export const webSocketSubscriptions = new Gauge({
  name: 'curio_websocket_subscriptions',
  help: 'Running tRPC subscriptions by procedure',
  labelNames: ['procedure'] as const,
  registers: [metricsRegistry],
  aggregator: 'sum',
});

export const eventDeliveryLag = new Histogram({
  name: 'curio_event_bus_delivery_lag_seconds',
  help: 'From publishing a realtime event to its arrival at a listening process (includes the publishing transaction and clock skew between machines)',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});

export const eventBusReconnects = new Counter({
  name: 'curio_event_bus_reconnects_total',
  help: 'LISTEN connections re-established after a loss (each one is a delivery gap that made clients re-read)',
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'curio_job_runs_total',
  help: 'Background job runs by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'curio_job_duration_seconds',
  help: 'Background job run time by job',
  labelNames: ['job'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

export const mailSends = new Counter({
  name: 'curio_mail_sends_total',
  help: 'Mails by transport (smtp, or log when SMTP_URL is unset) and outcome',
  labelNames: ['transport', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Every statement this process sends to the database, one per round trip: BEGIN, COMMIT,
 * ROLLBACK and SAVEPOINT count like any query (database.ts counts them where Kysely hands a
 * statement to its connection). The purchase bench divides it by purchases (docs/performance.md).
 */
export const dbStatements = new Counter({
  name: 'curio_db_statements_total',
  help: 'SQL statements sent to the database, BEGIN, COMMIT and ROLLBACK included (one per round trip)',
  registers: [metricsRegistry],
});

/** Pools of this process (tests open many; a server opens one). */
const pools = new Set<pg.Pool>();

export function watchPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    aggregator: 'sum',
    collect() {
      let total = 0;
      for (const pool of pools) total += read(pool);
      this.set(total);
    },
  });

poolGauge('curio_db_pool_connections', 'Open PostgreSQL connections of the pool', (pool) => pool.totalCount);
poolGauge('curio_db_pool_idle_connections', 'Idle PostgreSQL connections of the pool', (pool) => pool.idleCount);
poolGauge(
  'curio_db_pool_waiting_requests',
  'Queries waiting for a free connection (the pool is too small or the database too slow)',
  (pool) => pool.waitingCount,
);

/** Times `run` as a job: its duration and whether it failed. */
export async function measureJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  const stop = jobDuration.startTimer({ job });
  try {
    const result = await run();
    jobRuns.inc({ job, outcome: 'ok' });
    return result;
  } catch (error) {
    jobRuns.inc({ job, outcome: 'failed' });
    throw error;
  } finally {
    stop();
  }
}

/** The operations routes (operations-routes.ts): polled every few seconds by machines, not members. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** Route families, so the label set stays small whatever paths clients ask for. */
function routeFamily(path: string): string {
  if (path.startsWith('/trpc')) return 'trpc';
  if (path.startsWith('/api/uploads')) return 'upload';
  if (path.startsWith('/uploads/')) return 'image';
  if (path.startsWith('/assets/')) return 'asset';
  if (PROBE_PATHS.has(path)) return 'probe';
  return 'page';
}

/** Times every HTTP request from its first middleware to the last byte of its answer. */
export const observeHttpRequests: RequestHandler = (req, res, next) => {
  const stop = httpRequestDuration.startTimer();
  res.once('finish', () => {
    // originalUrl: by now a mounted router may have shortened req.url
    stop({ route: routeFamily(req.originalUrl), method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` });
  });
  next();
};
